import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createKarbonControl } from './control.js';
import { karbonSimulatorPlugin } from './server.js';
import { createKarbonState } from './state.js';
import { apiClient, connected, rows } from './test-support.js';

describe('rate limit', () => {
  it('answers 429 with Retry-After and Karbon’s body past the per-minute limit, and admits again after the wait', async () => {
    const { api, sim } = await connected({ perMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await api.get('/TenantSettings')).status).toBe(200);
    sim.advanceClock(20_000);
    const limited = await api.get('/TenantSettings');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.body).toEqual({ statusCode: '429', message: 'Rate limit is exceeded. Try again in 40 seconds.' });
    sim.advanceClock(40_000);
    expect((await api.get('/TenantSettings')).status).toBe(200);
  });

  it('counts per tenant', async () => {
    const { sim } = await connected({ perMinute: 1, tenants: [{}, {}] });
    const [a, b] = sim.tenants().map((t) => apiClient(sim, t.tenantKey));
    expect((await a?.get('/Users'))?.status).toBe(200);
    expect((await a?.get('/Users'))?.status).toBe(429);
    expect((await b?.get('/Users'))?.status).toBe(200);
  });
});

describe('faults', () => {
  it('fails the next N requests of a path with the asked status, then recovers', async () => {
    const { api, sim } = await connected();
    sim.failNext({ path: '/Organizations', status: 503, count: 2 });
    expect((await api.get('/Contacts')).status).toBe(200);
    const failed = await api.get('/Organizations?$top=5');
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: { code: '503' } });
    expect((await api.get(`/Organizations/${String(sim.organizations(sim.tenants()[0]?.tenantKey ?? '')[0]?.OrganizationKey)}`)).status).toBe(503);
    expect((await api.get('/Organizations')).status).toBe(200);
    sim.failNext({ path: '/v3/WorkItems', status: 500 });
    expect((await api.get('/WorkItems')).body).toMatchObject({ error: { code: '5001' } });
    expect(sim.requests.map((entry) => entry.status)).toEqual([200, 503, 503, 200, 500]);
  });

  it('makes the next write to a resource lose a concurrency race with 409 / 4020, leaving it unchanged', async () => {
    const { api, sim, tenant } = await connected();
    const org = sim.organizations(tenant)[0];
    const key = String(org?.OrganizationKey);
    sim.conflictNext(tenant, key);
    const lost = await api.patch(`/Organizations/${key}`, { FullName: 'Renamed Ltd' });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ error: { code: '4020' } });
    expect(sim.organizations(tenant)[0]).toEqual(org);
    expect((await api.patch(`/Organizations/${key}`, { FullName: 'Renamed Ltd' })).status).toBe(200);
    const item = String(sim.workItems(tenant)[0]?.WorkItemKey);
    sim.conflictNext(tenant, item);
    expect((await api.patch(`/WorkItems/${item}`, { Title: 'x' })).status).toBe(409);
  });

  it('answers 403 / 4021 for a restricted collection until lifted', async () => {
    const { api, sim, tenant } = await connected();
    sim.restrict(tenant, ['WorkItems']);
    const refused = await api.get('/WorkItems');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: '4021' } });
    expect((await api.get('/Contacts')).status).toBe(200);
    sim.restrict(tenant, []);
    expect((await api.get('/WorkItems')).status).toBe(200);
  });
});

describe('mounted under a prefix', () => {
  it('serves the same API under /sandbox/karbon with nextLinks that stay under it', async () => {
    const state = createKarbonState({ tenants: [{ seed: { organizations: 120 } }] });
    const control = createKarbonControl(state);
    const app = Fastify();
    await app.register(karbonSimulatorPlugin, { prefix: '/sandbox/karbon', state });
    const keys = control.tenants()[0];
    const headers = { authorization: `Bearer ${String(keys?.applicationId)}`, accesskey: String(keys?.accessKey) };
    const first = await app.inject({ method: 'GET', url: '/sandbox/karbon/v3/Organizations', headers });
    expect(first.statusCode).toBe(200);
    const next = new URL(String(first.json<Record<string, unknown>>()['@odata.nextLink']));
    expect(next.pathname).toBe('/sandbox/karbon/v3/Organizations');
    const second = await app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers });
    expect(rows(second.json())).toHaveLength(20);
    expect((await app.inject({ method: 'GET', url: '/sandbox/karbon/v3/Organizations' })).statusCode).toBe(401);
    expect(control.requests.map((entry) => entry.path)).toEqual(['/Organizations', '/Organizations', '/Organizations']);
    await app.close();
  });
});
