import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { startListeningApp } from '../../../../test/qbd.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t } = await startListeningApp());
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 83),
  );
});
afterAll(async () => t?.close());

describe('the built-in sandbox Karbon', () => {
  it('connects a firm to an account of its own, labelled sandbox, with Karbon’s lists read', async () => {
    const connected = await cast.admin.post('integrations/karbon/sandbox/connect/', {});
    expect(connected.statusCode, connected.body).toBe(201);
    expect(connected.json()).toMatchObject({ sandbox: true, webhooks: ['Contact'] });
    expect((await cast.admin.get('integrations/karbon/organizations/list/')).json().count).toBeGreaterThan(10);
    // Another firm gets another account: nothing of the first one's.
    const other = await cast.otherFirmAdmin.post('integrations/karbon/sandbox/connect/', {});
    expect(other.json().tenant_key).not.toBe(connected.json().tenant_key);
    expect((await cast.teamMember.post('integrations/karbon/sandbox/connect/', {})).statusCode).toBe(403);
  });

  it('answers its API only to the keys it made: a signed-out caller reads nothing', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/sandbox/karbon/v3/Organizations' });
    expect(reply.statusCode).toBe(401);
  });
});
