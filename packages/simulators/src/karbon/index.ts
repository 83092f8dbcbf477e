/**
 * Karbon simulator: the Karbon API v3 (INTEGRATIONS.md §4) with its auth headers, OData lists,
 * limits, faults and webhooks.
 *
 * Start it with `startKarbonSimulator({ tenants?, perMinute?, webhookCoalesceMs?, allowHttpTargets?, startTime? })`
 * (a free port; the result holds `url`, `close()` and every control method), or mount it with
 * `app.register(karbonSimulatorPlugin, { prefix: '/sandbox/karbon', state: createKarbonState(options) })`
 * and drive it through `createKarbonControl(state)`.
 */
export { startKarbonSimulator, type KarbonSimulator } from './simulator.js';
export { karbonSimulatorPlugin, type KarbonPluginOptions } from './server.js';
export { createKarbonState, KarbonState, type KarbonSimulatorOptions, type KarbonTenantOptions, type KarbonRequestLogEntry } from './state.js';
export { createKarbonControl, type KarbonControl, type KarbonTenantKeys } from './control.js';
export type { KarbonSeedCounts } from './seed.js';
export type { KarbonFailureSpec } from './faults.js';
export {
  signKarbonWebhook,
  KARBON_SIGNATURE_HEADER,
  MAX_CONSECUTIVE_FAILURES as KARBON_MAX_CONSECUTIVE_FAILURES,
  type KarbonWebhookDelivery,
  type KarbonWebhookSubscription,
} from './webhooks.js';
export { KARBON_WEBHOOK_TYPES, type KarbonWebhookType } from './types.js';
export { snapshotKarbonState, restoreKarbonState, type KarbonSnapshot } from './snapshot.js';
