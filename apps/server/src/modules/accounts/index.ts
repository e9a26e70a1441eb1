// Public face of the accounts module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './accounts.module';
export * from './accounts.service';
export * from './accounts.schema';
