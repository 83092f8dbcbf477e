import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientUser, createFirm, setSubscription } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { assertWritable, effectiveSubscriptionStatus, resolveActor } from './actor.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('effectiveSubscriptionStatus', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('treats a trial past its end as expired', () => {
    expect(effectiveSubscriptionStatus({ status: 'TRIAL', trialEndsAt: new Date('2026-05-31T23:59:59Z') }, now)).toBe('TRIAL_EXPIRED');
    expect(effectiveSubscriptionStatus({ status: 'TRIAL', trialEndsAt: new Date('2026-06-02T00:00:00Z') }, now)).toBe('TRIAL');
  });
  it('keeps other statuses as they are', () => {
    expect(effectiveSubscriptionStatus({ status: 'PAID', trialEndsAt: new Date('2020-01-01') }, now)).toBe('PAID');
    expect(effectiveSubscriptionStatus(null, now)).toBeNull();
  });
});

describe('resolveActor', () => {
  it('describes an accountant: firm, role, writable on trial', async () => {
    const firm = await createFirm(t.db);
    const actor = await resolveActor(t.db, firm.adminId);
    expect(actor).toMatchObject({
      accountType: 'ACCOUNTANT',
      firmId: firm.firmId,
      firmRole: 'FIRM_ADMIN',
      clientCompanyIds: [],
      readOnly: false,
    });
    expect(() => assertWritable(actor!)).not.toThrow();
  });

  it('describes a client: their companies and their firm', async () => {
    const firm = await createFirm(t.db);
    const client = await createClientUser(t.db, firm.firmId);
    expect(await resolveActor(t.db, client.userId)).toMatchObject({
      accountType: 'CLIENT',
      firmId: firm.firmId,
      firmRole: null,
      clientCompanyIds: [client.companyId],
    });
  });

  it('is read-only for every subscription status but TRIAL and PAID, and refuses writes', async () => {
    const firm = await createFirm(t.db);
    for (const status of ['CANCELLED', 'TRIAL_EXPIRED'] as const) {
      await setSubscription(t.db, firm.firmId, status);
      const actor = await resolveActor(t.db, firm.adminId);
      expect(actor?.readOnly).toBe(true);
      expect(() => assertWritable(actor!)).toThrow(/read-only/);
    }
    await setSubscription(t.db, firm.firmId, 'TRIAL', new Date(Date.now() - 1000));
    expect((await resolveActor(t.db, firm.adminId))?.readOnly).toBe(true);
    await setSubscription(t.db, firm.firmId, 'PAID');
    expect((await resolveActor(t.db, firm.adminId))?.readOnly).toBe(false);
  });
});
