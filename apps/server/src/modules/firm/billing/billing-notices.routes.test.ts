import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARD_CHARGES_FAIL } from '@herd/simulators';
import { billingEndpoints as e } from '@herd/contract';
import { outbox } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { checkoutAndPay, deliverEvent, sandboxOf, subscriptionRow } from '../../../../test/billing.js';
import { runBillingSweep } from './billing.job.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

let t: TestApp;
const newClient = clientMaker(() => t.app, 65);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const emailsTo = async (to: string, template: string) =>
  t.db
    .select({ subject: outbox.subject, text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.template, template)))
    .orderBy(outbox.pk);

describe('trial countdown emails', () => {
  it('sends 7, 3 and 1 days before the end and on the day, each once, even when two sweeps race', async () => {
    const trialEnd = new Date(Date.now() + 10 * DAY_MS);
    const firm = await createFirm(t.db, { trialEndsAt: trialEnd });
    const at = (msBefore: number) => new Date(trialEnd.getTime() - msBefore);

    // Ten days out: nothing yet.
    await runBillingSweep(t.app.deps, at(10 * DAY_MS));
    expect(await emailsTo(firm.adminEmail, 'BILLING_TRIAL_ENDING')).toHaveLength(0);

    const marks = [
      { before: 7 * DAY_MS - HOUR_MS, subject: 'Your Herd trial ends in 7 days' },
      { before: 3 * DAY_MS - HOUR_MS, subject: 'Your Herd trial ends in 3 days' },
      { before: DAY_MS + HOUR_MS, subject: 'Your Herd trial ends tomorrow' },
      { before: 2 * HOUR_MS, subject: 'Your Herd trial ends today' },
    ];
    for (const [i, mark] of marks.entries()) {
      await Promise.all([runBillingSweep(t.app.deps, at(mark.before)), runBillingSweep(t.app.deps, at(mark.before))]);
      // The next hour's sweep, still within the same mark, sends nothing more.
      await runBillingSweep(t.app.deps, at(mark.before - HOUR_MS / 2));
      const sent = await emailsTo(firm.adminEmail, 'BILLING_TRIAL_ENDING');
      expect(sent.map((m) => m.subject)).toEqual(marks.slice(0, i + 1).map((m) => m.subject));
    }
    const [last] = (await emailsTo(firm.adminEmail, 'BILLING_TRIAL_ENDING')).slice(-1);
    expect(last!.text).toContain('Read-only means');
    expect(last!.text).toContain('/settings/accountant/billing/');
  });

  it('a firm that has paid gets none', async () => {
    const firm = await createFirm(t.db, { status: 'PAID', trialEndsAt: new Date(Date.now() + 2 * DAY_MS) });
    await runBillingSweep(t.app.deps);
    expect(await emailsTo(firm.adminEmail, 'BILLING_TRIAL_ENDING')).toHaveLength(0);
    expect(await emailsTo(firm.adminEmail, 'BILLING_READ_ONLY')).toHaveLength(0);
  });

  it('an expired trial is told read-only once; paying tells writable again once', async () => {
    const firm = await createFirm(t.db, { trialEndsAt: new Date(Date.now() - HOUR_MS) });
    await Promise.all([runBillingSweep(t.app.deps), runBillingSweep(t.app.deps)]);
    await runBillingSweep(t.app.deps);
    const readOnly = await emailsTo(firm.adminEmail, 'BILLING_READ_ONLY');
    expect(readOnly.map((m) => m.subject)).toEqual(['Test Firm is now read-only in Herd']);
    expect(readOnly[0]!.text).toContain('free trial');

    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    await checkoutAndPay(t, admin);
    expect((await subscriptionRow(t, firm.firmId)).status).toBe('PAID');
    // Every event the payment made, delivered again, tells nothing more.
    for (const event of sandboxOf(t).events()) await deliverEvent(t, event);
    expect((await emailsTo(firm.adminEmail, 'BILLING_WRITABLE_AGAIN')).map((m) => m.subject)).toEqual(['Test Firm is writable again in Herd']);
    expect(await emailsTo(firm.adminEmail, 'BILLING_READ_ONLY')).toHaveLength(1);
  });
});

describe('payment emails from Stripe events', () => {
  it('a failed renewal is told once with the retry date, and the lapse once when Stripe gives up', async () => {
    const firm = await createFirm(t.db);
    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    await checkoutAndPay(t, admin);
    const subscriptionId = (await subscriptionRow(t, firm.firmId)).stripeSubscriptionId!;
    // The admin saves a card whose charges fail; the next renewal is declined.
    await checkoutAndPay(t, admin, CARD_CHARGES_FAIL, e.attachPaymentMethod.path);
    const already = sandboxOf(t).events().length;
    sandboxOf(t).renew(subscriptionId);
    await sandboxOf(t).webhooksIdle();
    const failed = sandboxOf(t)
      .events('invoice.payment_failed')
      .filter((ev) => sandboxOf(t).events().indexOf(ev) >= already);
    expect(failed).toHaveLength(1);
    // Stripe delivers it a second time.
    expect((await deliverEvent(t, failed[0]!)).statusCode).toBe(200);

    const mails = await emailsTo(firm.adminEmail, 'BILLING_PAYMENT_FAILED');
    expect(mails).toHaveLength(1);
    const retry = new Date((failed[0]!.data.object as { next_payment_attempt: number }).next_payment_attempt * 1000);
    expect(mails[0]!.text).toContain(new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }).format(retry));
    expect((await subscriptionRow(t, firm.firmId)).status).toBe('PAID');
    expect(await emailsTo(firm.adminEmail, 'BILLING_READ_ONLY')).toHaveLength(0);

    // Three more failures: each invoice attempt is the same invoice, so still one payment email; Stripe marks it unpaid.
    for (let i = 0; i < 3; i += 1) sandboxOf(t).retryPayment(subscriptionId);
    await sandboxOf(t).webhooksIdle();
    expect((await subscriptionRow(t, firm.firmId)).status).toBe('CANCELLED');
    expect(await emailsTo(firm.adminEmail, 'BILLING_PAYMENT_FAILED')).toHaveLength(1);
    const lapse = await emailsTo(firm.adminEmail, 'BILLING_READ_ONLY');
    expect(lapse.map((m) => m.subject)).toEqual(['Test Firm is now read-only in Herd']);
    expect(lapse[0]!.text).toContain('no longer active');
  });
});
