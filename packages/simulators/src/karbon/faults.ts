import { conflict, restricted, serverError, type KarbonError } from './errors.js';

export interface KarbonFailureSpec {
  /** A path under `/v3` (`/Organizations`); matches it and everything below it. */
  path: string;
  status: 500 | 503;
  /** How many requests fail (default 1). */
  count?: number;
  /** Only this tenant's requests; all tenants when omitted. */
  tenant?: string;
}

/** Failures a test asked for: server errors by path, lost concurrency races by resource, restrictions by tenant. */
export class KarbonFaults {
  private failures: (KarbonFailureSpec & { remaining: number })[] = [];
  private readonly conflicts = new Map<string, number>();
  private readonly restrictions = new Map<string, Set<string>>();

  failNext(spec: KarbonFailureSpec): void {
    this.failures.push({ ...spec, path: normalise(spec.path), remaining: spec.count ?? 1 });
  }

  /** The next `count` writes (POST/PUT/PATCH) to the resource with this key lose a concurrency race. */
  conflictNext(tenant: string, key: string, count = 1): void {
    this.conflicts.set(`${tenant}/${key}`, (this.conflicts.get(`${tenant}/${key}`) ?? 0) + count);
  }

  /** Every request of the tenant to these collections (e.g. `WorkItems`) gets 403 / 4021; empty lifts it. */
  restrict(tenant: string, collections: string[]): void {
    this.restrictions.set(tenant, new Set(collections.map((c) => c.toLowerCase())));
  }

  /** Checked by the gateway after auth and the rate limit; `path` is relative to `/v3`. */
  take(tenant: string, path: string): KarbonError | undefined {
    const collection = normalise(path).split('/')[1]?.toLowerCase() ?? '';
    if (this.restrictions.get(tenant)?.has(collection)) return restricted();
    const lower = normalise(path).toLowerCase();
    const failure = this.failures.find(
      (f) => (f.tenant === undefined || f.tenant === tenant) && (lower === f.path.toLowerCase() || lower.startsWith(`${f.path.toLowerCase()}/`)),
    );
    if (!failure) return undefined;
    failure.remaining--;
    if (failure.remaining <= 0) this.failures = this.failures.filter((f) => f !== failure);
    return serverError(failure.status);
  }

  /** Checked by write routes once they know which resource they write. */
  takeConflict(tenant: string, key: string): KarbonError | undefined {
    const left = this.conflicts.get(`${tenant}/${key}`) ?? 0;
    if (left <= 0) return undefined;
    if (left === 1) this.conflicts.delete(`${tenant}/${key}`);
    else this.conflicts.set(`${tenant}/${key}`, left - 1);
    return conflict();
  }

  clear(): void {
    this.failures = [];
    this.conflicts.clear();
    this.restrictions.clear();
  }
}

const normalise = (path: string) => `/${path.replace(/^\/?(v3\/)?/i, '').replace(/\/+$/, '')}`;
