export { startQboSimulator, type QboSimulator } from './simulator.js';
export { qboSimulatorPlugin, type QboPluginOptions } from './server.js';
export type { ConsentScope } from './oauth.routes.js';
export { createQboState, QboState, type QboSimulatorOptions, type RequestLogEntry } from './state.js';
export { createControl, type QboControl, type CompanySummary } from './control.js';
export type { SeedCompanyOptions } from './seed.js';
export type { FailureSpec } from './fault-injection.js';
export { signWebhook, buildWebhookBody, type WebhookFormat, type WebhookEvent, type SignedWebhook, type WebhookDelivery, type WebhookConfig } from './webhooks.js';
export type { TokenResponse } from './oauth-store.js';
export type { QboEntity, JsonObject, JsonValue } from './types.js';
export { parseQuery } from './query-language.js';
export { snapshotQboState, restoreQboState, type QboSnapshot } from './snapshot.js';
/** Intuit's entity schemas, for tests that hold Herd's reads of QuickBooks' entities to them. */
export { qboSchema, type QboSchema } from '../qbo-schema/index.js';
