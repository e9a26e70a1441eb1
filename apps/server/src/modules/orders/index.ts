// Public face of the orders module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './orders.module';
export * from './orders.schema';
export { DEMO_ORDER_PARTNERS } from './orders.demo';
