import { Clock } from '../qbo/clock.js';
import { KarbonFaults } from './faults.js';
import { accessKey, guid, permaKey, Prng } from './ids.js';
import { KarbonRateLimiter } from './rate-limit.js';
import { seedTenant, type KarbonSeedCounts } from './seed.js';
import { KarbonTenant } from './tenant.js';
import { KarbonWebhookDispatcher } from './webhooks.js';

export interface KarbonTenantOptions {
  /** The bearer token (a GUID); generated from the tenant's index when omitted. */
  applicationId?: string;
  /** The `AccessKey` header (JWT-shaped); generated when omitted. */
  accessKey?: string;
  name?: string;
  seed?: KarbonSeedCounts;
}

export interface KarbonSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Accounts to seed; default one with the default counts. */
  tenants?: KarbonTenantOptions[];
  /** Requests a rolling minute per account and application (default 120, §4). */
  perMinute?: number;
  /** The webhook coalescing window (default 60,000 ms, §4). */
  webhookCoalesceMs?: number;
  /** Accept `http://` TargetUrls too, for receivers on loopback in tests; Karbon refuses them (4002). */
  allowHttpTargets?: boolean;
  /** The clock's starting instant (ms or ISO string); fixes seeded dates for reproducible runs. */
  startTime?: number | string;
}

export interface KarbonRequestLogEntry {
  method: string;
  path: string;
  /** The TenantKey the credentials belong to; undefined when they matched none. */
  tenant?: string;
  status?: number;
  at: number;
}

/** Everything the simulator holds, shared by the HTTP routes and the control API. */
export class KarbonState {
  readonly clock: Clock;
  readonly tenants = new Map<string, KarbonTenant>();
  readonly limiter: KarbonRateLimiter;
  readonly faults = new KarbonFaults();
  readonly webhooks: KarbonWebhookDispatcher;
  readonly requests: KarbonRequestLogEntry[] = [];
  private readonly startMs?: number;

  constructor(readonly options: KarbonSimulatorOptions) {
    this.startMs = options.startTime === undefined ? undefined : typeof options.startTime === 'number' ? options.startTime : Date.parse(options.startTime);
    this.clock = new Clock(this.startMs);
    this.limiter = new KarbonRateLimiter(options.perMinute ?? 120);
    this.webhooks = new KarbonWebhookDispatcher(options.webhookCoalesceMs ?? 60_000, () => this.clock.now());
    this.seed();
  }

  tenant(tenantKey: string): KarbonTenant | undefined {
    return this.tenants.get(tenantKey);
  }

  /** The account both headers belong to, or undefined (the gateway answers 401). */
  authenticate(applicationId: string, key: string): KarbonTenant | undefined {
    return [...this.tenants.values()].find((t) => t.applicationId.toLowerCase() === applicationId.toLowerCase() && t.accessKey === key);
  }

  addTenant(options: KarbonTenantOptions = {}): KarbonTenant {
    const index = this.tenants.size;
    // Each tenant draws from its own sequence, so seeding one more tenant changes no other's data.
    const rng = new Prng(`karbon-tenant-${String(index + 1)}`);
    const tenantKey = permaKey(rng);
    const tenant = new KarbonTenant(
      tenantKey,
      options.name ?? `Sandbox Practice ${String(index + 1)}`,
      options.applicationId ?? guid(rng),
      options.accessKey ?? accessKey(rng, tenantKey),
      rng,
      () => this.clock.now(),
      (change) => this.webhooks.enqueue(change),
    );
    seedTenant(tenant, rng, options.seed ?? {}, this.startMs ?? this.clock.now());
    this.tenants.set(tenantKey, tenant);
    return tenant;
  }

  /** Back to the state right after start: seeded tenants, no subscriptions, faults or logs. */
  reset(): void {
    this.clock.reset();
    this.tenants.clear();
    this.limiter.reset();
    this.faults.clear();
    this.webhooks.clear();
    this.requests.length = 0;
    this.seed();
  }

  private seed(): void {
    for (const tenant of this.options.tenants ?? [{}]) this.addTenant(tenant);
  }
}

export function createKarbonState(options: KarbonSimulatorOptions = {}): KarbonState {
  return new KarbonState(options);
}
