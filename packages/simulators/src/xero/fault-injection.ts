import { DroppedConnection, problem, serverError, serviceUnavailable, XeroError } from './errors.js';
import type { JsonObject } from './types.js';

/** What the next call(s) to a tenant should fail with, for testing a client's retries. */
export type XeroFailureSpec =
  'serverError' | 'serviceUnavailable' | 'dropConnection' | 'rateLimit' | { status: number; body?: JsonObject | string; headers?: Record<string, string> };

/** Queued failures per tenant, consumed one per admitted API call in the order they were added. */
export class XeroFaultInjector {
  private readonly queues = new Map<string, { spec: XeroFailureSpec; remaining: number }[]>();

  failNext(tenantId: string, spec: XeroFailureSpec, count = 1): void {
    const queue = this.queues.get(tenantId) ?? [];
    queue.push({ spec, remaining: count });
    this.queues.set(tenantId, queue);
  }

  take(tenantId: string): Error | undefined {
    const queue = this.queues.get(tenantId);
    const next = queue?.[0];
    if (!queue || !next) return undefined;
    next.remaining--;
    if (next.remaining <= 0) queue.shift();
    return toError(next.spec);
  }

  clear(): void {
    this.queues.clear();
  }
}

function toError(spec: XeroFailureSpec): Error {
  if (spec === 'serverError') return serverError();
  if (spec === 'serviceUnavailable') return serviceUnavailable();
  if (spec === 'dropConnection') return new DroppedConnection();
  if (spec === 'rateLimit') return problem(429, 'Too Many Requests', 'Injected rate limit', { 'retry-after': '60', 'x-rate-limit-problem': 'Minute' });
  return new XeroError(spec.status, spec.body ?? { Title: 'Injected failure', Status: spec.status }, spec.headers);
}
