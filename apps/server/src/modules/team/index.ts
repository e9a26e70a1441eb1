// Public face of the team module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './team.module';
export * from './team.schema';
