// Public face of the analytics module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './analytics.module';
export * from './analytics.schema';
