// Public face of the orders module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './orders.module';
export * from './orders.schema';
export { DEMO_ORDER_PARTNERS, prng } from './orders.demo';
/** Date filters of a list: wire dates to instants, open ends closed as spec 001 §5 asks (other lists reuse it). */
export { resolveRange } from './dates';
/** Pallet labels of an FBS shipment, drawn as the pack labels are (the FBS module prints them). */
export { renderPalletLabels } from './labels';
