import { Clock } from '../qbo/clock.js';
import { Prng } from '../qbo/prng.js';
import { XeroFaultInjector } from './fault-injection.js';
import { XeroIdTokenSigner } from './id-token.js';
import { IdempotencyStore } from './idempotency.js';
import { ACCESS_TOKEN_TTL_SECONDS, XeroOAuthStore } from './oauth-store.js';
import { XERO_LIMITS, XeroRateLimiter, type Limits } from './rate-limit.js';
import { defaultOrgName, defaultTenantId, guidFrom, seedOrganisation, type SeedOrganisationOptions } from './seed.js';
import { OrgStore } from './store.js';
import { XeroWebhookDispatcher } from './webhooks.js';

export interface XeroSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; when omitted any http(s) URI is accepted. */
  redirectUris?: string[];
  /** Skip the consent page: true connects the first organisation, a tenant id (or several) those. */
  autoApprove?: boolean | string | string[];
  /** The key signing `x-xero-signature`; defaults to "sandbox-webhook-key". */
  webhookKey?: string;
  webhookDebounceMs?: number;
  accessTokenTtlSeconds?: number;
  /** Throttles; Xero's figures (§2.5) by default. */
  limits?: Partial<Limits>;
  /** Organisations to seed; default one with the default transaction count. */
  organisations?: SeedOrganisationOptions[];
  /** The clock's starting instant (ms or ISO string); fixes seeded dates for reproducible runs. */
  startTime?: number | string;
  /** Delay added to every Accounting API call, to exercise the concurrency limit or model latency. */
  latencyMs?: number;
}

export interface XeroRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  tenantId?: string;
  status?: number;
  at: number;
}

/** Everything the simulator holds, shared by the HTTP routes and the control API. */
export class XeroState {
  readonly clock: Clock;
  readonly orgs = new Map<string, OrgStore>();
  readonly oauth: XeroOAuthStore;
  readonly limiter: XeroRateLimiter;
  readonly faults = new XeroFaultInjector();
  readonly idempotency = new IdempotencyStore();
  readonly webhooks: XeroWebhookDispatcher;
  readonly idTokens: XeroIdTokenSigner;
  readonly requests: XeroRequestLogEntry[] = [];
  autoApprove: boolean | string | string[];
  /** Where webhook `resourceUrl`s point; startXeroSimulator sets its own address. */
  resourceBase = 'https://api.xero.com';
  private readonly startMs?: number;
  /** The sequence of ids made over the API; a saved simulator keeps where it stands (snapshot.ts). */
  readonly ids = new Prng('xero-api-ids');

  constructor(readonly options: XeroSimulatorOptions) {
    const start = options.startTime === undefined ? undefined : typeof options.startTime === 'number' ? options.startTime : Date.parse(options.startTime);
    this.startMs = start;
    this.clock = new Clock(start);
    this.oauth = new XeroOAuthStore(this.clock, options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS);
    this.limiter = new XeroRateLimiter(this.clock, { ...XERO_LIMITS, ...options.limits });
    this.webhooks = new XeroWebhookDispatcher(options.webhookKey ?? 'sandbox-webhook-key', () => this.resourceBase);
    this.webhooks.configure(undefined, { debounceMs: options.webhookDebounceMs });
    this.idTokens = new XeroIdTokenSigner(options.clientId);
    this.autoApprove = options.autoApprove ?? false;
    this.seed();
  }

  org(tenantId: string): OrgStore | undefined {
    return this.orgs.get(tenantId.toLowerCase());
  }

  addOrganisation(seed: SeedOrganisationOptions = {}, seedTime = this.clock.now()): OrgStore {
    const index = this.orgs.size;
    const tenantId = (seed.tenantId ?? defaultTenantId(index)).toLowerCase();
    if (this.orgs.has(tenantId)) throw new Error(`Organisation ${tenantId} already exists`);
    // Seeded ids come from the tenant's own sequence (reproducible); ids made over the API from the simulator's.
    const seedIds = new Prng(`ids:${tenantId}`);
    let seeding = true;
    const newId = () => (seeding ? guidFrom(seedIds) : this.nextApiId());
    const store = new OrgStore(tenantId, seed.name ?? defaultOrgName(index), seedTime, this.clock, newId, (event) => this.webhooks.enqueue(event));
    seedOrganisation(store, seed, seedTime);
    seeding = false;
    this.orgs.set(tenantId, store);
    return store;
  }

  /** Back to the state right after start: seeded organisations, no tokens, no logs, clock rewound. */
  reset(): void {
    this.clock.reset();
    this.orgs.clear();
    this.oauth.clear();
    this.limiter.reset();
    this.faults.clear();
    this.idempotency.clear();
    this.webhooks.clear();
    this.requests.length = 0;
    this.autoApprove = this.options.autoApprove ?? false;
    this.seed();
  }

  private nextApiId(): string {
    return guidFrom(this.ids);
  }

  private seed(): void {
    const seedTime = this.startMs ?? this.clock.now();
    for (const org of this.options.organisations ?? [{}]) this.addOrganisation(org, seedTime);
  }
}

export function createXeroState(options: XeroSimulatorOptions): XeroState {
  return new XeroState(options);
}
