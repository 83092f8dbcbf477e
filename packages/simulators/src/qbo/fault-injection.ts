import { QboFault, systemFault, throttled, type FaultType } from './faults.js';
import type { JsonObject } from './types.js';

/** What the next request(s) to a realm should fail with. */
export type FailureSpec =
  | 'rateLimit'
  | 'serverError'
  | {
      status: number;
      /** A Fault element; becomes `{"Fault":{"Error":[…],"type":…}}`. */
      fault?: { code?: string; message?: string; detail?: string; type?: FaultType | string };
      /** A raw body, for shapes the fault builder does not cover. */
      body?: JsonObject;
    };

/** Queued failures per realm, consumed one per API request in the order they were added. */
export class FaultInjector {
  private readonly queues = new Map<string, { spec: FailureSpec; remaining: number }[]>();

  failNext(realmId: string, spec: FailureSpec, count = 1): void {
    const queue = this.queues.get(realmId) ?? [];
    queue.push({ spec, remaining: count });
    this.queues.set(realmId, queue);
  }

  take(realmId: string): QboFault | undefined {
    const queue = this.queues.get(realmId);
    const next = queue?.[0];
    if (!queue || !next) return undefined;
    next.remaining--;
    if (next.remaining <= 0) queue.shift();
    return toFault(next.spec);
  }

  clear(): void {
    this.queues.clear();
  }
}

function toFault(spec: FailureSpec): QboFault {
  if (spec === 'rateLimit') return throttled();
  if (spec === 'serverError') return systemFault('Injected failure.');
  if (spec.body) return new QboFault(spec.status, spec.body);
  const { code = '10000', message = 'Injected fault', detail = 'Injected by the simulator.', type = 'ValidationFault' } = spec.fault ?? {};
  return new QboFault(spec.status, { Fault: { Error: [{ Message: message, Detail: detail, code, element: '' }], type } });
}
