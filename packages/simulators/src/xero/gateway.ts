import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, problem, unauthorized, XeroError } from './errors.js';
import type { Remaining } from './rate-limit.js';
import type { XeroState } from './state.js';
import type { OrgStore } from './store.js';

const organisations = new WeakMap<FastifyRequest, OrgStore>();

/** The organisation a request that passed the gateway is for. */
export function orgOf(request: FastifyRequest): OrgStore {
  const org = organisations.get(request);
  if (!org) throw forbidden();
  return org;
}

function limitHeaders(reply: FastifyReply, remaining: Remaining): void {
  reply.header('x-daylimit-remaining', String(remaining.day));
  reply.header('x-minlimit-remaining', String(remaining.minute));
  reply.header('x-appminlimit-remaining', String(remaining.appMinute));
}

/**
 * What Xero's gateway does before the Accounting API sees a call, in order: a live bearer token
 * (401), a `xero-tenant-id` the token's consent holds and the app is still connected to (403),
 * the tenant's throttles (429 with Retry-After and X-Rate-Limit-Problem), any failure a test
 * queued with `failNext`, the configured latency, then the JSON-only check.
 */
export function installGateway(app: FastifyInstance, state: XeroState): void {
  const admitted = new WeakMap<FastifyRequest, string>();

  app.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const check = state.oauth.checkAccessToken(token);
    if (!check.ok) throw unauthorized(check.detail);
    const tenantId = String(request.headers['xero-tenant-id'] ?? '').toLowerCase();
    const org = state.orgs.get(tenantId);
    if (!org || !state.oauth.reaches(check.grant, tenantId)) throw forbidden();
    const admission = state.limiter.admit(tenantId);
    limitHeaders(reply, admission.remaining);
    if (!admission.ok) {
      throw problem(429, 'Too Many Requests', `Rate limit exceeded: ${admission.problem}`, {
        'retry-after': String(admission.retryAfter),
        'x-rate-limit-problem': admission.problem,
      });
    }
    admitted.set(request, tenantId);
    organisations.set(request, org);
    const injected = state.faults.take(tenantId);
    if (injected) throw injected;
    const latency = state.options.latencyMs ?? 0;
    if (latency > 0) await sleep(latency);
    // Xero answers XML unless asked for JSON; this simulator speaks only JSON, so a client that
    // forgets the header is told so instead of getting a body it would misread. File downloads are exempt.
    const isFile = request.method === 'GET' && /\/Attachments\/[^/]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isFile && !(request.headers.accept ?? '').includes('application/json')) {
      throw new XeroError(406, { Title: 'Not Acceptable', Status: 406, Detail: 'Send Accept: application/json; this simulator does not answer in XML.' });
    }
  });

  app.addHook('onResponse', async (request) => {
    const tenantId = admitted.get(request);
    if (tenantId === undefined) return;
    admitted.delete(request);
    state.limiter.release(tenantId);
  });
}
