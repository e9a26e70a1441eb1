// Public face of the feedback module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './feedback.module';
export * from './feedback.schema';
