import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CHARGES_FAIL, CARD_DECLINED } from '@herd/simulators';
import { billingEndpoints as e, clientCompanyEndpoints, details, type BillingInfo } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { addFirmMember, createClientUser, createFirm, signIn, type FirmFixture } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { addCompany, checkoutAndPay, sandboxOf, sessionIdOf, stripeOf, subscriptionRow } from '../../../../test/billing.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 61);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signedInFirm = async (opts: Parameters<typeof createFirm>[1] = {}): Promise<FirmFixture & { admin: TestClient }> => {
  const firm = await createFirm(t.db, opts);
  const admin = newClient();
  await signIn(admin, firm.adminEmail);
  return { ...firm, admin };
};

const info = async (client: TestClient) => {
  const res = await client.get(e.info.path);
  expect(res.statusCode).toBe(200);
  return res.json() as BillingInfo;
};

/** A change of the firm's data: refused 403 while read-only, 201 otherwise. */
const tryCreateCompany = (admin: TestClient) => admin.post(clientCompanyEndpoints.create.path, { name: 'Probe Co', connection_kind: 'CSV' });

describe('subscription: trial → paid → cancelled → restarted, each through its webhook', () => {
  it('a trial firm pays through the sandbox Checkout and becomes PAID with its card, plan and invoice', async () => {
    const { admin, firmId } = await signedInFirm();
    await addCompany(admin, 'Alpha LLC');
    await addCompany(admin, 'Beta LLC');
    const before = await info(admin);
    expect(before).toMatchObject({ mode: 'sandbox', status: 'TRIAL', read_only: false, can_manage: true, active_companies: 2, plan: null });
    expect(before.trial_ends_at).not.toBeNull();

    const paid = await checkoutAndPay(t, admin);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://herd.test/settings/accountant/billing/?checkout=success');
    const row = await subscriptionRow(t, firmId);
    expect(row).toMatchObject({ status: 'PAID', stripeStatus: 'active', billedQuantity: 2, cancelAtPeriodEnd: false });

    const after = await info(admin);
    expect(after).toMatchObject({ status: 'PAID', subscription_status: 'active', quantity: 2, card: { brand: 'visa', last4: '4242' }, trial_ends_at: null });
    expect(after.plan).toMatchObject({ unit_amount: 2000, currency: 'usd', interval: 'month' });
    expect(after.next_invoice).toMatchObject({ amount_due: 4000, currency: 'usd' });
    expect(after.invoices).toHaveLength(1);
    expect(after.invoices[0]).toMatchObject({ status: 'paid', amount_paid: 4000 });
    expect(after.invoices[0]?.invoice_pdf).toMatch(/^http:\/\/herd\.test\/sandbox\/stripe\/invoices\/in_\w+\/pdf$/);

    // Paying twice is refused before Stripe is asked.
    expect((await admin.post(e.session.path, {})).json()).toEqual({ detail: 'Your firm already has an active subscription.' });
  });

  it('shows the sandbox’s Checkout page and invoices only to the firm billed: not the signed-out, not another firm', async () => {
    const { admin } = await signedInFirm();
    await addCompany(admin, 'Gamma LLC');
    const checkout = new URL((await admin.post(e.session.path, {})).json().url as string).pathname;
    expect((await admin.get(checkout)).statusCode).toBe(200);
    const other = (await signedInFirm()).admin;
    for (const stranger of [newClient(), other]) {
      const page = await stranger.get(checkout);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Gamma');
      const paid = await stranger.post(checkout, 'card_number=4242424242424242', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(paid.statusCode).toBe(404);
    }
    expect((await checkoutAndPay(t, admin)).statusCode).toBe(303);
    const pdf = new URL((await info(admin)).invoices[0]!.invoice_pdf!).pathname;
    expect((await admin.get(pdf)).statusCode).toBe(200);
    expect((await other.get(pdf)).statusCode).toBe(404);
    expect((await newClient().get(pdf)).statusCode).toBe(404);
  });

  it('a declined card leaves the firm as it was', async () => {
    const { admin, firmId } = await signedInFirm();
    for (const card of [CARD_DECLINED, CARD_CHARGES_FAIL]) expect((await checkoutAndPay(t, admin, card)).statusCode).toBe(402);
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'TRIAL', stripeSubscriptionId: null });
  });

  it('cancelling keeps the firm PAID until the period ends, restarting before then undoes it, and the end makes it CANCELLED and read-only', async () => {
    const { admin, firmId } = await signedInFirm();
    await checkoutAndPay(t, admin);
    const cancelled = await admin.post(e.cancel.path, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'PAID', cancel_at_period_end: true, next_invoice: null });

    const undone = await admin.post(e.restart.path, {});
    expect(undone.json()).toEqual({ url: null });
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'PAID', cancelAtPeriodEnd: false });

    await admin.post(e.cancel.path, {});
    const { stripeSubscriptionId } = await subscriptionRow(t, firmId);
    sandboxOf(t).renew(stripeSubscriptionId ?? '');
    await sandboxOf(t).webhooksIdle();
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'CANCELLED', stripeStatus: 'canceled' });
    expect(await info(admin)).toMatchObject({ status: 'CANCELLED', read_only: true });
    const refused = await tryCreateCompany(admin);
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: details.readOnly }]);
    expect((await admin.post(e.cancel.path, {})).json()).toEqual({ detail: 'There is no active subscription to cancel.' });

    // Restarting an ended subscription is a new Checkout; paying makes the firm work again on the new subscription.
    await checkoutAndPay(t, admin, undefined, e.restart.path);
    const restarted = await subscriptionRow(t, firmId);
    expect(restarted).toMatchObject({ status: 'PAID', stripeStatus: 'active' });
    expect(restarted.stripeSubscriptionId).not.toBe(stripeSubscriptionId);
    expect((await tryCreateCompany(admin)).statusCode).toBe(201);
  });

  it('a card that fails at renewal makes the subscription past_due (still PAID), then unpaid: CANCELLED', async () => {
    const { admin, firmId } = await signedInFirm();
    await checkoutAndPay(t, admin);
    // Change the card to one whose charges fail, through a setup-mode Checkout; its webhook makes it the default.
    const started = await admin.post(e.attachPaymentMethod.path, {});
    expect(started.statusCode).toBe(200);
    expect(sandboxOf(t).pay(sessionIdOf((started.json() as { url: string }).url), CARD_CHARGES_FAIL).ok).toBe(true);
    await sandboxOf(t).webhooksIdle();
    expect((await info(admin)).card).toEqual({ brand: 'visa', last4: '0341' });

    const { stripeSubscriptionId } = await subscriptionRow(t, firmId);
    const id = stripeSubscriptionId ?? '';
    sandboxOf(t).renew(id);
    await sandboxOf(t).webhooksIdle();
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'PAID', stripeStatus: 'past_due' });
    for (let i = 0; i < 3; i += 1) sandboxOf(t).retryPayment(id);
    await sandboxOf(t).webhooksIdle();
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'CANCELLED', stripeStatus: 'unpaid' });
  });
});

describe('quantity follows the active client companies', () => {
  it('adding and disconnecting companies changes the quantity Stripe bills, never below one', async () => {
    const { admin, firmId } = await signedInFirm();
    const first = await addCompany(admin, 'One Inc');
    await checkoutAndPay(t, admin);
    const id = (await subscriptionRow(t, firmId)).stripeSubscriptionId ?? '';
    const quantity = async () => (await stripeOf(t).subscriptions.retrieve(id)).items.data[0]?.quantity;
    expect(await quantity()).toBe(1);

    await addCompany(admin, 'Two Inc');
    await addCompany(admin, 'Three Inc');
    await t.runJobs();
    expect(await quantity()).toBe(3);
    expect((await subscriptionRow(t, firmId)).billedQuantity).toBe(3);

    expect((await admin.post(clientCompanyEndpoints.disconnect.path.replace('{pk}', String(first)), {})).statusCode).toBe(200);
    await t.runJobs();
    expect(await quantity()).toBe(2);
    expect((await admin.post(clientCompanyEndpoints.disconnectAll.path, {})).statusCode).toBe(200);
    await t.runJobs();
    expect(await quantity()).toBe(1);
    // Running the check again changes nothing.
    const events = sandboxOf(t).events('customer.subscription.updated').length;
    await t.app.deps.jobs.send('billing-quantity', { firmId }, 'again');
    await t.runJobs();
    expect(sandboxOf(t).events('customer.subscription.updated')).toHaveLength(events);
  });
});

describe('who may see and change billing', () => {
  it('a team member and a client read the status only, and may not start Checkout', async () => {
    const { firmId } = await signedInFirm();
    const member = await addFirmMember(t.db, firmId, 'CLIENT_ADMIN');
    const memberClient = newClient();
    await signIn(memberClient, member.email);
    const client = await createClientUser(t.db, firmId);
    const clientClient = newClient();
    await signIn(clientClient, client.email);
    for (const who of [memberClient, clientClient]) {
      expect(await info(who)).toMatchObject({ status: 'TRIAL', read_only: false, can_manage: false, plan: null, invoices: [], active_companies: null });
      const res = await who.post(e.session.path, {});
      expect([res.statusCode, res.json()]).toEqual([403, { detail: details.forbidden }]);
    }
  });

  it('changing the card before any subscription is refused in words', async () => {
    const { admin } = await signedInFirm();
    const res = await admin.post(e.attachPaymentMethod.path, {});
    expect([res.statusCode, res.json()]).toEqual([409, { detail: 'There is no card to change yet: subscribe first, and the card is given at checkout.' }]);
  });

  it('signed out, billing answers 401', async () => {
    expect((await newClient().get(e.info.path)).statusCode).toBe(401);
  });
});
