// Public face of the FBO returns module: what the layers around it may use.
export * from './fbo-returns.module';
export * from './fbo-returns.schema';
