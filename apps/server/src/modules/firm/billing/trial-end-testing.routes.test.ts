import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../test/client.js';
import { addFirmMember, createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ e2eOutbox: true });
});
afterAll(async () => t?.close());

const signedIn = async (email: string) => {
  const client = new TestClient(t.app);
  await signIn(client, email);
  return client;
};

describe('testing/end-trial/', () => {
  it('makes the firm admin’s firm read-only at once, and no other firm', async () => {
    const firm = await createFirm(t.db);
    const other = await createFirm(t.db);
    const admin = await signedIn(firm.adminEmail);
    const bystander = await signedIn(other.adminEmail);
    expect((await admin.get('stripe/retrieve-billing-info/')).json()).toMatchObject({ status: 'TRIAL', read_only: false });

    expect((await admin.post('testing/end-trial/', {})).statusCode).toBe(204);

    expect((await admin.get('stripe/retrieve-billing-info/')).json()).toMatchObject({ status: 'TRIAL_EXPIRED', read_only: true });
    expect((await bystander.get('stripe/retrieve-billing-info/')).json()).toMatchObject({ status: 'TRIAL', read_only: false });
  });

  it('is refused to a team member', async () => {
    const firm = await createFirm(t.db);
    const member = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
    const client = await signedIn(member.email);
    expect((await client.post('testing/end-trial/', {})).statusCode).toBe(403);
    expect((await client.get('stripe/retrieve-billing-info/')).json()).toMatchObject({ read_only: false });
  });

  it('does not exist unless HERD_E2E_OUTBOX is on', async () => {
    const plain = await createTestApp();
    try {
      const firm = await createFirm(plain.db);
      const client = new TestClient(plain.app);
      await signIn(client, firm.adminEmail);
      expect((await client.post('testing/end-trial/', {})).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
