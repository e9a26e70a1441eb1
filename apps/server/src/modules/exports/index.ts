// Public face of the exports module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './exports.module';
export * from './exports.schema';
export * from './exports.registry';
