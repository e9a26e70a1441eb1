// Public face of the warehouses module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './warehouses.module';
export * from './warehouses.schema';
