// Public face of the FBO module: what other modules (FBO returns) and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './fbo.module';
export * from './fbo.schema';
export type { FboService } from './fbo.service';
