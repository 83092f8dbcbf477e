import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as e, clientCompanyEndpoints, type BillingInfo } from '@herd/contract';
import { clientMaker } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { subscriptionRow } from '../../../../test/billing.js';
import { parseBillingSettings } from './billing.settings.js';
import { runBillingSweep } from './billing.job.js';
import { companyFirmIsReadOnly } from './billing-standing.rule.js';
import { createClientUser, setSubscription } from '../../../../test/factories.js';

const DAY_MS = 86_400_000;

describe('the hourly billing sweep expires ended trials', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 63);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('records TRIAL_EXPIRED for a trial past its end (once), leaves running trials and paying firms alone', async () => {
    const ended = await createFirm(t.db, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const running = await createFirm(t.db, { trialEndsAt: new Date(Date.now() + DAY_MS) });
    const paying = await createFirm(t.db, { status: 'PAID', trialEndsAt: new Date(Date.now() - 30 * DAY_MS) });

    // Before the job runs, sign-in already treats the ended trial as expired: read-only.
    const admin = newClient();
    await signIn(admin, ended.adminEmail);
    expect(((await admin.get(e.info.path)).json() as BillingInfo).read_only).toBe(true);

    await t.app.deps.jobs.send('billing-sweep', {}, 'test');
    await t.runJobs();
    expect((await subscriptionRow(t, ended.firmId)).status).toBe('TRIAL_EXPIRED');
    expect((await subscriptionRow(t, running.firmId)).status).toBe('TRIAL');
    expect((await subscriptionRow(t, paying.firmId)).status).toBe('PAID');
    // Running it again changes nothing.
    expect((await runBillingSweep(t.app.deps)).expired).not.toContain(ended.firmId);
  });

  it('background pulls wait while the firm is read-only, and resume once it pays', async () => {
    const firm = await createFirm(t.db, { status: 'CANCELLED' });
    const { companyId } = await createClientUser(t.db, firm.firmId);
    expect(await companyFirmIsReadOnly(t.app.deps, companyId)).toBe(true);
    await setSubscription(t.db, firm.firmId, 'PAID');
    expect(await companyFirmIsReadOnly(t.app.deps, companyId)).toBe(false);
  });
});

describe('BILLING=off', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 64);
  beforeAll(async () => {
    t = await createTestApp({ billing: parseBillingSettings({ BILLING: 'off' }, 'test-secret-key') });
  });
  afterAll(async () => t?.close());

  it('no expiry, never read-only for billing, and billing says it is off', async () => {
    const firm = await createFirm(t.db, { status: 'TRIAL_EXPIRED', trialEndsAt: new Date(Date.now() - DAY_MS) });
    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    expect((await admin.get(e.info.path)).json()).toMatchObject({ mode: 'off', status: null, read_only: false, can_manage: false });
    expect((await admin.post(clientCompanyEndpoints.create.path, { name: 'Works', connection_kind: 'CSV' })).statusCode).toBe(201);
    const refused = await admin.post(e.session.path, {});
    expect([refused.statusCode, refused.json()]).toEqual([409, { detail: 'Billing is off on this deployment.' }]);
    expect((await runBillingSweep(t.app.deps)).expired).toEqual([]);
    expect(t.app.deps.billing.sandbox).toBeNull();
    const { companyId } = await createClientUser(t.db, firm.firmId);
    expect(await companyFirmIsReadOnly(t.app.deps, companyId)).toBe(false);
  });
});
