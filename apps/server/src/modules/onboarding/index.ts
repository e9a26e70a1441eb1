// Public face of the onboarding module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './onboarding.module';
export * from './onboarding.schema';
