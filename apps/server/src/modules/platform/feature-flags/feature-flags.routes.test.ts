import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../test/client.js';
import { createClientUser, createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { assertFeature } from './feature-flags.service.js';
import { runFlagsCommand } from './flags.command.js';
import { resolveActor } from '../../../kernel/actor.js';

describe('feature flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    // This deployment turns analytics on by default for every firm.
    t = await createTestApp({ featureFlagDefaults: ['FEATURE_TRANSACTION_ANALYTICS'] });
  });
  afterAll(async () => t?.close());

  const profileFlags = async (email: string) => {
    const client = new TestClient(t.app, `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    await signIn(client, email);
    return (await client.get('users/profile/')).json().feature_flags;
  };

  it("follows the deployment's default until the firm is set otherwise, and a firm's clients see its flags", async () => {
    const firm = await createFirm(t.db);
    const other = await createFirm(t.db);
    const client = await createClientUser(t.db, firm.firmId);
    expect(await profileFlags(firm.adminEmail)).toEqual(['FEATURE_TRANSACTION_ANALYTICS']);

    await runFlagsCommand(t.db, ['FEATURE_TRANSACTION_ANALYTICS'], { action: 'off', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: firm.firmId });
    expect(await profileFlags(firm.adminEmail)).toEqual([]);
    expect(await profileFlags(client.email)).toEqual([]);
    await runFlagsCommand(t.db, [], { action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: firm.firmId });
    expect(await profileFlags(client.email)).toEqual(['FEATURE_TRANSACTION_ANALYTICS']);
    // The other firm was never set: it keeps the default.
    expect(await profileFlags(other.adminEmail)).toEqual(['FEATURE_TRANSACTION_ANALYTICS']);
  });

  it('gates a service: a firm without the flag gets 404, one with it passes', async () => {
    const firm = await createFirm(t.db);
    const actor = (await resolveActor(t.db, firm.adminId))!;
    await expect(assertFeature(t.db, [], actor, 'FEATURE_TRANSACTION_ANALYTICS')).rejects.toMatchObject({ statusCode: 404 });
    await runFlagsCommand(t.db, [], { action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: firm.firmId });
    await expect(assertFeature(t.db, [], actor, 'FEATURE_TRANSACTION_ANALYTICS')).resolves.toBeUndefined();
  });

  it('the command lists each firm with where each flag comes from, and sets a flag for every firm without --firm', async () => {
    const firm = await createFirm(t.db, { name: 'Listed & Co' });
    const [header, ...rows] = await runFlagsCommand(t.db, ['FEATURE_TRANSACTION_ANALYTICS'], { action: 'list', firmId: firm.firmId });
    expect(header).toBe('Defaults (FEATURE_FLAGS): FEATURE_TRANSACTION_ANALYTICS');
    expect(rows).toEqual([`${firm.firmId}\tListed & Co\tFEATURE_TRANSACTION_ANALYTICS=on (default)`]);

    const done = await runFlagsCommand(t.db, [], { action: 'off', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: null });
    expect(done[0]).toMatch(/^FEATURE_TRANSACTION_ANALYTICS is now off for every firm \(\d+\)\.$/);
    const after = await runFlagsCommand(t.db, ['FEATURE_TRANSACTION_ANALYTICS'], { action: 'list', firmId: firm.firmId });
    expect(after[1]).toContain('FEATURE_TRANSACTION_ANALYTICS=off');
    expect(after[1]).not.toContain('FEATURE_TRANSACTION_ANALYTICS=off (default)');
  });

  it('refuses a firm that does not exist', async () => {
    await expect(runFlagsCommand(t.db, [], { action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: 2_000_000_000 })).rejects.toThrow(
      'There is no firm 2000000000.',
    );
  });
});
