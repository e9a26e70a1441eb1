// Public face of the price index module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './price-index.module';
export * from './price-index.schema';
