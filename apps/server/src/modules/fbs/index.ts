// Public face of the FBS module: what the layers around it may use of it.
// Another module imports only this file, never the module's internals.
export * from './fbs.module';
export * from './fbs.schema';
