import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited, unauthorized } from './errors.js';
import type { KarbonState } from './state.js';
import type { KarbonTenant } from './tenant.js';

const tenants = new WeakMap<FastifyRequest, KarbonTenant>();

/** The account a request that passed the gateway is for. */
export function tenantOf(request: FastifyRequest): KarbonTenant {
  const tenant = tenants.get(request);
  if (!tenant) throw unauthorized('JWT not present.');
  return tenant;
}

/** The request's path below `/v3`, whatever prefix the plugin is mounted under. */
export function v3Path(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const at = path.indexOf('/v3/');
  return at < 0 ? path : path.slice(at + 3);
}

/**
 * What stands before every `/v3` route, in order: both auth headers matching one account (401),
 * the account's per-minute limit (429 with Retry-After), then any failure a test queued.
 */
export function installGateway(app: FastifyInstance, state: KarbonState, onTenant: (request: FastifyRequest, tenant: KarbonTenant) => void): void {
  app.addHook('onRequest', async (request) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const key = request.headers.accesskey;
    if (!bearer || typeof key !== 'string' || key === '') throw unauthorized('JWT not present.');
    const tenant = state.authenticate(bearer, key);
    if (!tenant) throw unauthorized('The Application ID or AccessKey is not valid.');
    tenants.set(request, tenant);
    onTenant(request, tenant);
    const retryAfter = state.limiter.admit(`${tenant.tenantKey}/${tenant.applicationId}`, state.clock.now());
    if (retryAfter !== undefined) throw rateLimited(retryAfter);
    const injected = state.faults.take(tenant.tenantKey, v3Path(request));
    if (injected) throw injected;
  });
}
