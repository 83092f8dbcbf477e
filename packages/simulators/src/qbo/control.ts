import { canonicalEntity } from './entities.js';
import type { FailureSpec } from './fault-injection.js';
import { normalizeEntity } from './normalize.js';
import type { TokenResponse } from './oauth-store.js';
import type { SeedCompanyOptions } from './seed.js';
import type { QboState, RequestLogEntry } from './state.js';
import type { CompanyStore } from './store.js';
import type { JsonObject, QboEntity } from './types.js';
import { buildSignedWebhook, type SignedWebhook, type WebhookConfig, type WebhookDelivery, type WebhookEvent, type WebhookFormat } from './webhooks.js';

export interface CompanySummary {
  realmId: string;
  name: string;
}

/**
 * Test-side levers, as plain methods. Entity writes here skip authentication and validation
 * (they model someone editing inside QuickBooks) but still bump SyncToken and LastUpdatedTime
 * and still fire webhooks.
 */
export interface QboControl {
  companies(): CompanySummary[];
  addCompany(options?: SeedCompanyOptions): CompanySummary;
  getEntity(realmId: string, entity: string, id: string): QboEntity | undefined;
  listEntities(realmId: string, entity: string): QboEntity[];
  /** Creates the entity, or merges `fields` into the existing one when `fields.Id` names it. */
  putEntity(realmId: string, entity: string, fields: JsonObject): QboEntity;
  deleteEntity(realmId: string, entity: string, id: string): boolean;
  /** Tokens for a realm without the browser round trip (benchmarks, most tests). */
  connect(realmId?: string, scopes?: string[]): TokenResponse;
  expireAccessTokens(realmId?: string): number;
  advanceClock(ms: number): void;
  now(): number;
  failNext(realmId: string, spec: FailureSpec, count?: number): void;
  /** How many operations a batch may hold from now on (to model QuickBooks refusing a size). */
  setBatchMaxItems(max: number): void;
  readonly requests: RequestLogEntry[];
  /** Requests seen for a realm's accounting API (all of them, throttled and failed included). */
  requestCount(realmId: string): number;
  readonly revokedTokens: string[];
  setAutoApprove(value: boolean | string): void;
  configureWebhook(url: string | undefined, config?: WebhookConfig): void;
  buildWebhook(format: WebhookFormat, events: WebhookEvent[]): SignedWebhook;
  flushWebhooks(): Promise<void>;
  readonly webhookDeliveries: WebhookDelivery[];
  reset(): void;
}

export function createControl(state: QboState): QboControl {
  const company = (realmId: string): CompanyStore => {
    const store = state.company(realmId);
    if (!store) throw new Error(`No company ${realmId}`);
    return store;
  };
  const entityName = (entity: string): string => {
    const name = canonicalEntity(entity);
    if (!name) throw new Error(`Unknown entity ${entity}`);
    return name;
  };
  const summary = (store: CompanyStore): CompanySummary => ({ realmId: store.realmId, name: store.name });

  return {
    companies: () => [...state.companies.values()].map(summary),
    addCompany: (options) => summary(state.addCompany(options)),
    getEntity: (realmId, entity, id) => company(realmId).get(entityName(entity), id),
    listEntities: (realmId, entity) => company(realmId).list(entityName(entity)),
    putEntity(realmId, entity, fields) {
      const store = company(realmId);
      const name = entityName(entity);
      const current = typeof fields.Id === 'string' ? store.get(name, fields.Id) : undefined;
      const row = normalizeEntity(name, current ? { ...current, ...fields } : fields, () => undefined);
      return current ? store.replace(name, current.Id, row) : store.insert(name, row);
    },
    deleteEntity: (realmId, entity, id) => company(realmId).remove(entityName(entity), id) !== undefined,
    connect(realmId, scopes = ['com.intuit.quickbooks.accounting']) {
      const realm = realmId ?? [...state.companies.keys()][0];
      if (realm === undefined || !state.company(realm)) throw new Error(`No company ${String(realm)}`);
      const grant = state.oauth.createGrant(realm, scopes);
      const tokens = state.oauth.issueTokens(grant, false);
      if (scopes.includes('openid')) tokens.id_token = state.idTokens.sign(grant, state.clock.now());
      return tokens;
    },
    expireAccessTokens: (realmId) => state.oauth.expireAccessTokens(realmId),
    advanceClock: (ms) => state.clock.advance(ms),
    now: () => state.clock.now(),
    failNext: (realmId, spec, count = 1) => state.faults.failNext(realmId, spec, count),
    setBatchMaxItems: (max) => {
      state.batchMaxItems = max;
    },
    get requests() {
      return state.requests;
    },
    requestCount: (realmId) => state.requests.filter((entry) => entry.realmId === realmId).length,
    get revokedTokens() {
      return state.oauth.revokedTokens;
    },
    setAutoApprove: (value) => {
      state.autoApprove = value;
    },
    configureWebhook: (url, config) => state.webhooks.configure(url, config),
    buildWebhook: (format, events) => buildSignedWebhook(format, events, state.verifierToken),
    flushWebhooks: () => state.webhooks.flush(),
    get webhookDeliveries() {
      return state.webhooks.deliveries;
    },
    reset: () => state.reset(),
  };
}
