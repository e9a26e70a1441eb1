// Public face of the promotions module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './promotions.module';
export * from './promotions.schema';
