import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationFailed, authorizationFailed, throttled } from './faults.js';
import type { QboState } from './state.js';
import type { CompanyStore } from './store.js';

export interface RealmParams {
  realmId: string;
}

/** The realm's data for a request that passed the gateway. */
export function companyOf(state: QboState, request: FastifyRequest): CompanyStore {
  const { realmId } = request.params as RealmParams;
  const store = state.company(realmId);
  if (!store) throw authorizationFailed(realmId);
  return store;
}

/**
 * What Intuit's gateway does before the accounting API sees a request, in its order: the bearer
 * token must be live and granted for this realm (401 / 403), then the per-realm throttles (429;
 * a batch counts against the realm's limit and against the batch limit too), then any failure a
 * test queued with `failNext`, then the configured latency.
 */
export function installGateway(app: FastifyInstance, state: QboState): void {
  const admitted = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request) => {
    const { realmId } = request.params as RealmParams;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw authenticationFailed('Token invalid: no bearer token was sent.');
    const check = state.oauth.checkAccessToken(match[1]);
    if (!check.ok) throw authenticationFailed(check.detail);
    if (check.grant.realmId !== realmId || !state.company(realmId)) throw authorizationFailed(realmId);
    if (!state.limiter.admit(realmId)) throw throttled();
    admitted.add(request);
    if (request.method === 'POST' && isBatch(request) && !admitBatch(state, realmId)) throw throttled();
    const injected = state.faults.take(realmId);
    if (injected) throw injected;
    const latency = state.options.latencyMs ?? 0;
    if (latency > 0) await sleep(latency);
  });

  app.addHook('onResponse', async (request) => {
    if (!admitted.has(request)) return;
    admitted.delete(request);
    state.limiter.release((request.params as RealmParams).realmId);
  });
}

const isBatch = (request: FastifyRequest): boolean => /\/batch$/.test(request.url.split('?')[0] ?? '');

/** The batch throttle counts only a rolling minute; concurrency is the realm limiter's business. */
function admitBatch(state: QboState, realmId: string): boolean {
  if (!state.batchLimiter.admit(realmId)) return false;
  state.batchLimiter.release(realmId);
  return true;
}
