import { DEFAULT_BATCH_MAX_ITEMS, DEFAULT_BATCH_PER_MINUTE } from './batch.js';
import { Clock } from './clock.js';
import { FaultInjector } from './fault-injection.js';
import { IdTokenSigner } from './id-token.js';
import { OAuthStore } from './oauth-store.js';
import { RateLimiter } from './rate-limit.js';
import { defaultCompanyName, defaultRealmId, seedCompany, type SeedCompanyOptions } from './seed.js';
import { CompanyStore } from './store.js';
import { WebhookDispatcher, type WebhookFormat } from './webhooks.js';

export interface QboSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  /** Key of the `intuit-signature` HMAC; defaults to "sandbox-verifier-token". */
  webhookVerifierToken?: string;
  webhookFormat?: WebhookFormat;
  webhookDebounceMs?: number;
  rateLimitPerMinute?: number;
  concurrentLimit?: number;
  /** Operations one POST /batch may hold (30, Intuit's figure); a larger batch is refused whole. */
  batchMaxItems?: number;
  /** Batch requests a minute per realm (40); past it a batch answers 429. */
  batchRateLimitPerMinute?: number;
  accessTokenTtlSeconds?: number;
  /** Companies to seed; default one company with the default transaction count. */
  companies?: SeedCompanyOptions[];
  /** Skip the consent page: true picks the first company, a string picks that realm. */
  autoApprove?: boolean | string;
  /** Registered redirect URIs; when omitted any http(s) URI is accepted. */
  redirectUris?: string[];
  /** The clock's starting instant (ms or ISO string); fixes seeded dates for reproducible runs. */
  startTime?: number | string;
  /** Delay added to every accounting request, to exercise the concurrency limit or model latency. */
  latencyMs?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  realmId?: string;
  status?: number;
  at: number;
}

/** Everything the simulator holds, shared by the HTTP routes and the control API. */
export class QboState {
  readonly clock: Clock;
  readonly companies = new Map<string, CompanyStore>();
  readonly oauth: OAuthStore;
  readonly limiter: RateLimiter;
  /** Batch requests have a throttle of their own on top of the realm's (§1.10). */
  readonly batchLimiter: RateLimiter;
  batchMaxItems: number;
  readonly faults = new FaultInjector();
  readonly webhooks: WebhookDispatcher;
  readonly idTokens: IdTokenSigner;
  readonly requests: RequestLogEntry[] = [];
  readonly verifierToken: string;
  autoApprove: boolean | string;
  private readonly startMs?: number;

  constructor(readonly options: QboSimulatorOptions) {
    const start = options.startTime === undefined ? undefined : typeof options.startTime === 'number' ? options.startTime : Date.parse(options.startTime);
    this.startMs = start;
    this.clock = new Clock(start);
    this.oauth = new OAuthStore(this.clock, options.accessTokenTtlSeconds ?? 3600);
    this.limiter = new RateLimiter(this.clock, options.rateLimitPerMinute ?? 500, options.concurrentLimit ?? 10);
    this.batchLimiter = new RateLimiter(this.clock, options.batchRateLimitPerMinute ?? DEFAULT_BATCH_PER_MINUTE, Number.POSITIVE_INFINITY);
    this.batchMaxItems = options.batchMaxItems ?? DEFAULT_BATCH_MAX_ITEMS;
    this.verifierToken = options.webhookVerifierToken ?? 'sandbox-verifier-token';
    this.webhooks = new WebhookDispatcher(this.verifierToken);
    this.webhooks.configure(undefined, { format: options.webhookFormat, debounceMs: options.webhookDebounceMs });
    this.idTokens = new IdTokenSigner(options.clientId);
    this.autoApprove = options.autoApprove ?? false;
    this.seed();
  }

  company(realmId: string): CompanyStore | undefined {
    return this.companies.get(realmId);
  }

  addCompany(seed: SeedCompanyOptions = {}, seedTime = this.clock.now()): CompanyStore {
    const index = this.companies.size;
    const realmId = seed.realmId ?? defaultRealmId(index);
    if (this.companies.has(realmId)) throw new Error(`Company ${realmId} already exists`);
    const store = new CompanyStore(realmId, seed.name ?? defaultCompanyName(index), this.clock, (event) => this.webhooks.enqueue(event));
    seedCompany(store, seed, seedTime);
    this.companies.set(realmId, store);
    return store;
  }

  /** Back to the state right after start: seeded companies, no tokens, no logs, clock rewound. */
  reset(): void {
    this.clock.reset();
    this.companies.clear();
    this.oauth.clear();
    this.limiter.reset();
    this.batchLimiter.reset();
    this.batchMaxItems = this.options.batchMaxItems ?? DEFAULT_BATCH_MAX_ITEMS;
    this.faults.clear();
    this.webhooks.clear();
    this.requests.length = 0;
    this.autoApprove = this.options.autoApprove ?? false;
    this.seed();
  }

  private seed(): void {
    // With a fixed start time the initial companies are dated from exactly that instant, so two
    // simulators built with the same options hold byte-identical data.
    const seedTime = this.startMs ?? this.clock.now();
    for (const company of this.options.companies ?? [{}]) this.addCompany(company, seedTime);
  }
}

export function createQboState(options: QboSimulatorOptions): QboState {
  return new QboState(options);
}
