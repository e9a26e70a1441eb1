// Public face of the inbox module.
export * from './inbox.module';
