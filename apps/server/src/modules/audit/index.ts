// Public face of the audit module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './audit.module';
export * from './audit.schema';
