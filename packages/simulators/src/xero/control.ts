import { requireEndpoint } from './endpoints.js';
import type { XeroFailureSpec } from './fault-injection.js';
import { withWorkedTotals } from './lines.js';
import type { Connection, TokenResponse } from './oauth-store.js';
import type { SeedOrganisationOptions } from './seed.js';
import { fromWire, toWire } from './serialize.js';
import type { XeroRequestLogEntry, XeroState } from './state.js';
import type { OrgStore } from './store.js';
import type { JsonObject } from './types.js';
import { signXeroWebhook, type IntentToReceiveResult, type XeroWebhookConfig, type XeroWebhookDelivery } from './webhooks.js';

export interface OrganisationSummary {
  tenantId: string;
  name: string;
}

export interface XeroConnectResult extends TokenResponse {
  authEventId: string;
  tenantIds: string[];
}

export const DEFAULT_XERO_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'accounting.transactions',
  'accounting.settings',
  'accounting.contacts',
  'accounting.attachments',
];

/**
 * Test-side levers, as plain methods. Entity writes here skip authentication and validation
 * (they model someone editing inside Xero) but still move UpdatedDateUTC and fire webhooks.
 * Entities go in and come out as the API shows them (amounts as numbers, `/Date(…)/` stamps).
 */
export interface XeroControl {
  organisations(): OrganisationSummary[];
  addOrganisation(options?: SeedOrganisationOptions): OrganisationSummary;
  getEntity(tenantId: string, endpoint: string, id: string): JsonObject | undefined;
  listEntities(tenantId: string, endpoint: string): JsonObject[];
  /** Creates the record, or merges `fields` into the one its ID field names; new lines (or amount type) work the totals out again, as Xero's screens do. */
  putEntity(tenantId: string, endpoint: string, fields: JsonObject): JsonObject;
  deleteEntity(tenantId: string, endpoint: string, id: string): boolean;
  /** Sets the organisation's lock dates (YYYY-MM-DD, or null to clear), as its Advanced settings do. */
  setLockDates(tenantId: string, dates: { period?: string | null; endOfYear?: string | null }): void;
  /** Tokens and connections for organisations without the browser round trip (default: the first). */
  connect(tenantIds?: string | string[], scopes?: string[]): XeroConnectResult;
  connections(): Connection[];
  expireAccessTokens(tenantId?: string): number;
  advanceClock(ms: number): void;
  now(): number;
  failNext(tenantId: string, spec: XeroFailureSpec, count?: number): void;
  readonly requests: XeroRequestLogEntry[];
  /** Accounting API calls seen for a tenant (all of them, throttled and failed included). */
  requestCount(tenantId: string): number;
  readonly revokedTokens: string[];
  setAutoApprove(value: boolean | string | string[]): void;
  configureWebhook(url: string | undefined, config?: XeroWebhookConfig): void;
  flushWebhooks(): Promise<void>;
  readonly webhookDeliveries: XeroWebhookDelivery[];
  /** Runs Xero's Intent to Receive against the configured URL and reports whether the receiver passed. */
  intentToReceive(rounds?: number): Promise<IntentToReceiveResult>;
  /** The `x-xero-signature` of a body under the configured key, for building deliveries by hand. */
  signWebhook(body: string, key?: string): string;
  reset(): void;
}

export function createXeroControl(state: XeroState): XeroControl {
  const org = (tenantId: string): OrgStore => {
    const store = state.org(tenantId);
    if (!store) throw new Error(`No organisation ${tenantId}`);
    return store;
  };
  const summary = (store: OrgStore): OrganisationSummary => ({ tenantId: store.tenantId, name: store.name });
  let webhookKey = state.options.webhookKey ?? 'sandbox-webhook-key';

  return {
    organisations: () => [...state.orgs.values()].map(summary),
    addOrganisation: (options) => summary(state.addOrganisation(options)),
    getEntity(tenantId, endpoint, id) {
      const spec = requireEndpoint(endpoint);
      const record = org(tenantId).get(spec.name, id);
      return record && toWire(spec, record, org(tenantId));
    },
    listEntities: (tenantId, endpoint) => {
      const spec = requireEndpoint(endpoint);
      return org(tenantId)
        .list(spec.name)
        .map((record) => toWire(spec, record, org(tenantId)));
    },
    putEntity(tenantId, endpoint, fields) {
      const spec = requireEndpoint(endpoint);
      const store = org(tenantId);
      const id = fields[spec.idField];
      const current = typeof id === 'string' ? store.get(spec.name, id) : undefined;
      const stored = fromWire(fields);
      const merged = withWorkedTotals(store, spec.lines, current ? { ...current.fields, ...stored } : stored, stored);
      const record = current ? store.replace(spec, current.id, merged) : store.insert(spec, merged);
      return toWire(spec, record, store);
    },
    deleteEntity: (tenantId, endpoint, id) => org(tenantId).remove(requireEndpoint(endpoint).name, id),
    setLockDates(tenantId, dates) {
      const store = org(tenantId);
      store.lockDates = {
        period: dates.period === undefined ? store.lockDates.period : dates.period,
        endOfYear: dates.endOfYear === undefined ? store.lockDates.endOfYear : dates.endOfYear,
      };
    },
    connect(tenantIds, scopes = DEFAULT_XERO_SCOPES) {
      const ids = (tenantIds === undefined ? [...state.orgs.keys()].slice(0, 1) : [tenantIds].flat()).map((id) => org(id).tenantId);
      const grant = state.oauth.createGrant(ids, scopes);
      const tokens = state.oauth.issueTokens(grant);
      if (scopes.includes('openid')) tokens.id_token = state.idTokens.sign(grant, state.clock.now());
      return { ...tokens, authEventId: grant.authEventId, tenantIds: ids };
    },
    connections: () => [...state.oauth.connections.values()],
    expireAccessTokens: (tenantId) => state.oauth.expireAccessTokens(tenantId?.toLowerCase()),
    advanceClock: (ms) => state.clock.advance(ms),
    now: () => state.clock.now(),
    failNext: (tenantId, spec, count = 1) => state.faults.failNext(tenantId.toLowerCase(), spec, count),
    get requests() {
      return state.requests;
    },
    requestCount: (tenantId) => state.requests.filter((entry) => entry.tenantId === tenantId.toLowerCase()).length,
    get revokedTokens() {
      return state.oauth.revokedTokens;
    },
    setAutoApprove: (value) => {
      state.autoApprove = value;
    },
    configureWebhook: (url, config) => {
      webhookKey = config?.key ?? webhookKey;
      state.webhooks.configure(url, config);
    },
    flushWebhooks: () => state.webhooks.flush(),
    get webhookDeliveries() {
      return state.webhooks.deliveries;
    },
    intentToReceive: (rounds) => state.webhooks.intentToReceive(rounds),
    signWebhook: (body, key = webhookKey) => signXeroWebhook(body, key),
    reset: () => state.reset(),
  };
}
