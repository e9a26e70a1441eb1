// Public face of the prices module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './prices.module';
export * from './prices.schema';
export type { PricesService } from './prices.service';
