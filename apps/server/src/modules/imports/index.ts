// Public face of the imports module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './imports.module';
// Reading a spreadsheet a seller uploaded (another area's file: FBO supplies) behind the same zip guard.
export { readUploadedSheet } from './sheet-reader';
export { RefusedFileError, REFUSAL_MESSAGES } from './zip-guard';
