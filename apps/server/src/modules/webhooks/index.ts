// Public face of the webhooks module: what other modules and the layers around them may use of it.
// Another module imports only this file, never the module's internals.
export * from './webhooks.module';
export * from './webhooks.schema';
/** Record an event for the partner's webhooks inside the transaction of the change it reports. */
export { emitEvent } from './webhooks.emit';
/** The home page's notice: endpoints disabled after 24 hours of failures. */
export { disabledEndpoints } from './webhooks.emit';
