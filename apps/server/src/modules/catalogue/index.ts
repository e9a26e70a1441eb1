// Public face of the catalogue module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './catalogue.module';
export * from './catalogue.schema';
export * from './catalogue.service';
export * from './catalogue.reference';
export * from './products.read-model';
export * from './template';
export * from './template-writer';
