import { startKarbonSimulator, type KarbonSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKarbonClient } from './karbon-client.js';
import {
  KarbonAuthError,
  KarbonRateLimitError,
  KarbonRefusedError,
  KarbonUnreachableError,
  type KarbonKeys,
} from '../../modules/firm/practice-management/karbon.port.js';

let sim: KarbonSimulator;
let keys: KarbonKeys;
const client = () => createKarbonClient({ baseUrl: sim.url, sandboxUrl: () => null, timeoutMs: 5_000 });

beforeAll(async () => {
  sim = await startKarbonSimulator({ tenants: [{ seed: { organizations: 150, contacts: 30 } }], perMinute: 40 });
  const tenant = sim.tenants()[0]!;
  keys = { applicationId: tenant.applicationId, accessKey: tenant.accessKey, sandbox: false };
});
afterAll(async () => sim?.close());

describe('the Karbon client', () => {
  it('reads every organization and contact by following nextLink, a page of 100 at most', async () => {
    const pages: number[] = [];
    for await (const page of client().directory(keys)) pages.push(page.length);
    expect(pages).toEqual([100, 50, 30]);
  });

  it('turns Karbon’s answers into Herd’s errors: refused keys, a refused value, a failure, the minute’s limit', async () => {
    await expect(client().tenantSettings({ ...keys, accessKey: `${keys.accessKey}x` })).rejects.toBeInstanceOf(KarbonAuthError);
    await expect(
      client().createWorkItem(keys, {
        title: 'x',
        description: '',
        assigneeEmail: 'nobody@example.com',
        client: { key: 'K', type: 'Organization' },
        startDate: new Date(),
        workType: null,
        workStatus: null,
      }),
    ).rejects.toBeInstanceOf(KarbonRefusedError);
    sim.failNext({ path: '/v3/TenantSettings', status: 503 });
    await expect(client().tenantSettings(keys)).rejects.toBeInstanceOf(KarbonUnreachableError);
    let limited: unknown = null;
    for (let i = 0; i < 60 && !limited; i++)
      await client()
        .tenantSettings(keys)
        .catch((err: unknown) => (limited = err));
    expect(limited).toBeInstanceOf(KarbonRateLimitError);
    expect((limited as KarbonRateLimitError).retryAfterMs).toBeGreaterThan(0);
  });

  it('is told when the sandbox is off rather than calling anywhere', async () => {
    await expect(client().tenantSettings({ ...keys, sandbox: true })).rejects.toBeInstanceOf(KarbonUnreachableError);
  });
});
