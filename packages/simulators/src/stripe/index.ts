export { startStripeSimulator, type StripeSimulator } from './simulator.js';
export { stripeSimulatorPlugin, type StripePluginOptions } from './server.js';
export { createStripeState, StripeState, STRIPE_API_VERSION, DEFAULT_PRICE, type StripeSimulatorOptions, type StripePriceSeed } from './state.js';
export { createStripeControl, type StripeControl } from './control.js';
export { stripeSignatureHeader, type DeliverFn, type DeliveryAttempt } from './webhook-sender.js';
export { CARD_SUCCEEDS, CARD_CHARGES_FAIL, CARD_DECLINED } from './cards.js';
export type { StripeEvent, Subscription as StripeSubscription, Invoice as StripeInvoice } from './types.js';
export { snapshotStripeState, restoreStripeState, type StripeSnapshot } from './snapshot.js';
