import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createControl } from './control.js';
import { qboSimulatorPlugin } from './server.js';
import { createQboState } from './state.js';
import { apiClient, CLIENT_ID, CLIENT_SECRET, connectedSimulator, list, obj } from './test-support.js';

describe('gateway', () => {
  it('answers 401 with the lower-case fault and WWW-Authenticate once tokens expire', async () => {
    const { sim, api, realmId } = await connectedSimulator();
    expect((await api.get(`/companyinfo/${realmId}`)).status).toBe(200);
    sim.expireAccessTokens(realmId);
    const response = await api.get(`/companyinfo/${realmId}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="Intuit", error="invalid_token"');
    expect(response.headers.get('intuit_tid')).toMatch(/^1-/);
    expect(response.body).toEqual({
      fault: {
        error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: expect.stringMatching(/^Token expired: /), code: '3200' }],
        type: 'AUTHENTICATION',
      },
    });
    // The access token also lapses on its own after its lifetime.
    const fresh = apiClient(sim, realmId, sim.connect(realmId).access_token);
    sim.advanceClock(3600_000);
    expect((await fresh.get(`/companyinfo/${realmId}`)).status).toBe(401);
  });

  it('refuses a missing token (401) and a token for another company (403)', async () => {
    const { sim, realmId } = await connectedSimulator({ companies: [{ transactions: 0 }, { transactions: 0 }] });
    const noToken = await fetch(`${sim.url}/v3/company/${realmId}/query?query=select%20*%20from%20Account`);
    expect(noToken.status).toBe(401);
    const other = sim.companies()[1]?.realmId ?? '';
    const crossed = await apiClient(sim, other, sim.connect(realmId).access_token).get(`/companyinfo/${other}`);
    expect(crossed.status).toBe(403);
  });

  it('throttles past the per-minute limit with 429 and recovers after a minute', async () => {
    const { sim, api, realmId } = await connectedSimulator({ rateLimitPerMinute: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.query('select count(*) from Vendor')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const throttled = await api.query('select count(*) from Vendor');
    expect(list(obj(throttled.body.Fault).Error)[0]?.code).toBe('3001');
    expect(sim.requestCount(realmId)).toBe(8);
    sim.advanceClock(60_001);
    expect((await api.query('select count(*) from Vendor')).status).toBe(200);
  });

  it('throttles requests in flight past the concurrency limit', async () => {
    const { api } = await connectedSimulator({ concurrentLimit: 2, latencyMs: 300 });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => api.query('select count(*) from Vendor').then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    // Once they finish, the slots are free again.
    expect((await api.query('select count(*) from Vendor')).status).toBe(200);
  });

  it('injects failures for the next requests of a realm', async () => {
    const { sim, api, realmId } = await connectedSimulator();
    sim.failNext(realmId, 'serverError');
    sim.failNext(realmId, { status: 400, fault: { code: '6000', message: 'A business validation error has occurred', detail: 'Closed period' } }, 2);
    const first = await api.query('select count(*) from Vendor');
    expect(first.status).toBe(500);
    expect(obj(first.body.Fault).type).toBe('SystemFault');
    for (let i = 0; i < 2; i++) {
      const next = await api.query('select count(*) from Vendor');
      expect(next.status).toBe(400);
      expect(list(obj(next.body.Fault).Error)[0]).toMatchObject({ code: '6000', Detail: 'Closed period' });
    }
    expect((await api.query('select count(*) from Vendor')).status).toBe(200);
    expect(sim.requests.filter((entry) => entry.realmId === realmId).map((entry) => entry.status)).toEqual([500, 400, 400, 200]);
    expect(sim.requests.at(-1)?.query).toMatchObject({ minorversion: '75' });
  });

  it('mounts under a prefix on a host Fastify app', async () => {
    const state = createQboState({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, companies: [{ transactions: 5 }] });
    const host = Fastify();
    host.get('/health', async () => ({ ok: true }));
    await host.register(qboSimulatorPlugin, { prefix: '/sandbox/qbo', state });
    const control = createControl(state);
    const realmId = control.companies()[0]?.realmId ?? '';
    const response = await host.inject({
      method: 'GET',
      url: `/sandbox/qbo/v3/company/${realmId}/query?query=${encodeURIComponent('select count(*) from Purchase')}`,
      headers: { authorization: `Bearer ${control.connect(realmId).access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ QueryResponse: { totalCount: expect.any(Number) } });
    expect((await host.inject({ method: 'GET', url: '/health' })).json()).toEqual({ ok: true });
    await host.close();
  });
});
