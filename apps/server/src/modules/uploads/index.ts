// Public face of the uploads module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './uploads.module';
export * from './uploads.service';
export * from './uploads.schema';
export * from './uploads.check';
export * from './uploads.receive';
