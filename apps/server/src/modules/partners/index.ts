// Public face of the partners module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './partners.module';
export * from './partners.service';
