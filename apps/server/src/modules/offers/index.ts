// Public face of the offers module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './offers.module';
export * from './offers.schema';
