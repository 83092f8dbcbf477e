/**
 * Xero simulator: OAuth 2.0 / OpenID (identity.xero.com, login.xero.com), `/connections` and the
 * Accounting API under `/api.xro/2.0`, all on one host, with Xero's limits, faults and webhooks.
 *
 * Start it with `startXeroSimulator({ clientId, clientSecret, autoApprove?, organisations?, … })`
 * (a free port; the result holds `url`, `close()` and every control method), or mount it with
 * `app.register(xeroSimulatorPlugin, { prefix: '/sandbox/xero', state: createXeroState(options) })`
 * and drive it through `createXeroControl(state)`.
 *
 * Control API (tests): `organisations()`, `addOrganisation({ tenantId?, name?, transactions?,
 * watchedShare?, watchedTransactions? })`, `getEntity / listEntities / putEntity / deleteEntity`
 * (edits "inside Xero": no auth or validation, but UpdatedDateUTC and webhooks move, and new
 * lines work a document's tax and totals out again as Xero's screens do),
 * `connect(tenantIds?, scopes?)` (tokens and connections without the browser), `connections()`,
 * `expireAccessTokens(tenantId?)`, `advanceClock(ms)`, `now()`, `failNext(tenantId,
 * 'serverError' | 'serviceUnavailable' | 'dropConnection' | 'rateLimit' | { status, body?, headers? }, count?)`,
 * `requests`, `requestCount(tenantId)`, `revokedTokens`, `setAutoApprove(true | tenantId | tenantIds)`,
 * `configureWebhook(url, { key?, debounceMs? })`, `flushWebhooks()`, `webhookDeliveries`,
 * `intentToReceive(rounds?)`, `signWebhook(body, key?)`, `reset()`.
 */
export { startXeroSimulator, type XeroSimulator } from './simulator.js';
export { xeroSimulatorPlugin, type XeroPluginOptions } from './server.js';
export type { XeroConsentScope } from './oauth.routes.js';
export { createXeroState, XeroState, type XeroSimulatorOptions, type XeroRequestLogEntry } from './state.js';
export { createXeroControl, DEFAULT_XERO_SCOPES, type XeroControl, type OrganisationSummary, type XeroConnectResult } from './control.js';
export type { SeedOrganisationOptions } from './seed.js';
export type { XeroFailureSpec } from './fault-injection.js';
export { XERO_USER, type TokenResponse as XeroTokenResponse, type Connection as XeroConnection, type XeroIdentity } from './oauth-store.js';
export {
  signXeroWebhook,
  buildXeroWebhookBody,
  type XeroWebhookEvent,
  type XeroWebhookDelivery,
  type XeroWebhookConfig,
  type IntentToReceiveResult,
} from './webhooks.js';
export { parseWhere, type WhereExpr } from './where-parse.js';
export { snapshotXeroState, restoreXeroState, type XeroSnapshot } from './snapshot.js';
