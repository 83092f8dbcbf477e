import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/harness.js';
import { mountKarbonSandbox } from './builtin-sandbox.js';

describe('the built-in Karbon sandbox', () => {
  it('keeps each firm’s account across a restart: the keys Herd holds, and what is in it', async () => {
    const config = testConfig();
    const first = Fastify();
    const sandbox = (await mountKarbonSandbox(first, config))!;
    const keys = await sandbox.keysFor(7);
    const [account] = sandbox.control.tenants();
    sandbox.control.addOrganization(account!.tenantKey, { FullName: 'Kept Bakery' });
    await first.close();

    const second = Fastify();
    const again = (await mountKarbonSandbox(second, config))!;
    expect(await again.keysFor(7)).toEqual(keys);
    expect(again.control.tenants()).toEqual(sandbox.control.tenants());
    expect(again.control.organizations(account!.tenantKey)).toEqual(sandbox.control.organizations(account!.tenantKey));
    // Another firm still gets an account of its own.
    expect(await again.keysFor(8)).not.toEqual(keys);
    await second.close();
  });
});
