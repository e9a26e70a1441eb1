// Public face of the FBO module: what other modules (FBO returns) and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './fbo.module';
export * from './fbo.schema';
export type { FboService } from './fbo.service';
/** The supply file's header search and quantity rule, which the return file shares. */
export { FileHeader, fileQuantity } from './fbo.file-check';
