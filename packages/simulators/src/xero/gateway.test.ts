import { describe, expect, it } from 'vitest';
import { apiClient, connectedSimulator } from './test-support.js';

describe('gateway: tokens and tenants', () => {
  it('answers 401 to no, unknown or expired tokens and 403 to a missing or foreign tenant', async () => {
    const { sim, api, tenantId, tokens } = await connectedSimulator({ organisations: [{ transactions: 1 }, { transactions: 1 }] });
    expect((await apiClient(sim, tenantId, 'not-a-token').get('/Accounts')).status).toBe(401);
    const bare = await fetch(`${sim.url}/api.xro/2.0/Accounts`, { headers: { accept: 'application/json', 'xero-tenant-id': tenantId } });
    expect(bare.status).toBe(401);
    expect((await apiClient(sim, '', tokens.access_token).get('/Accounts')).status).toBe(403);
    expect((await apiClient(sim, sim.organisations()[1]?.tenantId ?? '', tokens.access_token).get('/Accounts')).status).toBe(403);
    expect(sim.expireAccessTokens(tenantId)).toBe(1);
    expect((await api.get('/Accounts')).status).toBe(401);
  });
});

describe('gateway: rate limits', () => {
  it('allows 60 calls a minute per tenant, then 429 Minute with Retry-After; every answer carries the remaining counts', async () => {
    const { sim, api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const first = await api.get('/TaxRates');
    expect(first.headers.get('x-minlimit-remaining')).toBe('59');
    expect(first.headers.get('x-daylimit-remaining')).toBe('4999');
    expect(first.headers.get('x-appminlimit-remaining')).toBe('9999');
    for (let i = 1; i < 60; i++) await api.get('/TaxRates');
    const throttled = await api.get('/TaxRates');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('x-rate-limit-problem')).toBe('Minute');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.headers.get('x-minlimit-remaining')).toBe('0');
    sim.advanceClock(60_000);
    expect((await api.get('/TaxRates')).status).toBe(200);
  });

  it('stops a tenant at its day limit with X-Rate-Limit-Problem Day', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }], limits: { perDay: 3 } });
    for (let i = 0; i < 3; i++) expect((await api.get('/TaxRates')).status).toBe(200);
    const throttled = await api.get('/TaxRates');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('x-rate-limit-problem')).toBe('Day');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(3600);
    sim.advanceClock(86_400_000);
    // A day later the token is long expired; a fresh one gets through.
    expect((await apiClient(sim, tenantId, sim.connect(tenantId).access_token).get('/TaxRates')).status).toBe(200);
  });

  it('allows 5 calls in flight per tenant; the sixth gets 429 Concurrent', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }], latencyMs: 300 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.get('/TaxRates')));
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]?.headers.get('x-rate-limit-problem')).toBe('Concurrent');
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
  });
});

describe('gateway: injected faults and the request log', () => {
  it('fails the next calls as asked (500, 503, a dropped connection), then recovers', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    sim.failNext(tenantId, 'serverError');
    sim.failNext(tenantId, 'serviceUnavailable');
    sim.failNext(tenantId, 'dropConnection');
    sim.failNext(tenantId, { status: 502, body: { Title: 'Bad Gateway' } }, 2);
    expect((await api.get('/Accounts')).status).toBe(500);
    const unavailable = await api.get('/Accounts');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('30');
    await expect(api.get('/Accounts')).rejects.toThrow();
    expect((await api.get('/Accounts')).status).toBe(502);
    expect((await api.get('/Accounts')).status).toBe(502);
    expect((await api.get('/Accounts')).status).toBe(200);
    expect(sim.requestCount(tenantId)).toBe(6);
    const statuses = sim.requests.filter((entry) => entry.tenantId === tenantId).map((entry) => entry.status);
    expect(statuses.filter((status) => status !== undefined)).toEqual([500, 503, 502, 502, 200]);
  });
});
