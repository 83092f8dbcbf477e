import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_CHECK_SETTINGS } from '@herd/contract';
import { ledgerAccounts, transactionLines } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createLedgerAccount, insertWaitingTransaction, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

/** The firm's review-check settings: who reads and changes them, what is refused, and that a run follows them. */
let t: TestApp;
const newClient = clientMaker(() => t.app, 14);
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => t?.close());

const SETTINGS = 'accounting/accountant/review-check-settings/';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A transaction the accountant already categorized, on one account. */
const categorized = async (companyPk: number, values: { date: string; amount: string; payee: string; category: number }) => {
  const row = await insertWaitingTransaction(t.db, companyPk, {
    status: 'FINISHED_IN_HERD',
    date: values.date,
    amount: values.amount,
    payee: values.payee,
    description: values.payee,
    merchantKey: values.payee.toLowerCase(),
  });
  await t.db.insert(transactionLines).values({ transactionId: row.pk, position: 0, amount: values.amount, categoryId: values.category });
  return row;
};

const findings = async (companyPk: number) => {
  await cast.admin.post(`accounting/accountant/client-company/${companyPk}/review-checks/run/`, {});
  await t.runJobs();
  const listed = (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/review-checks/`)).json().results as {
    check: string;
    reason: string;
    transaction: { pk: number };
  }[];
  return listed.map((f) => [f.transaction.pk, f.check]).sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1])));
};

describe('the firm’s review-check settings', () => {
  it('start as the defaults; a firm admin changes some and keeps the rest; staff read them; clients and outsiders do not', async () => {
    expect((await cast.teamMember.get(SETTINGS)).json()).toEqual(DEFAULT_REVIEW_CHECK_SETTINGS);
    const changed = await cast.admin.patch(SETTINGS, { checks: { PERSONAL_PAYEE: false }, duplicate_days: 7, receipt_above: '100' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...DEFAULT_REVIEW_CHECK_SETTINGS,
      checks: { ...DEFAULT_REVIEW_CHECK_SETTINGS.checks, PERSONAL_PAYEE: false },
      duplicate_days: 7,
      receipt_above: '100.00',
    });
    // A later change names only its own field.
    expect((await cast.admin.patch(SETTINGS, { window_days: 90 })).json()).toMatchObject({ window_days: 90, duplicate_days: 7, receipt_above: '100.00' });
    expect((await cast.teamMember.get(SETTINGS)).json()).toMatchObject({ window_days: 90, checks: { PERSONAL_PAYEE: false } });

    expect((await cast.teamMember.patch(SETTINGS, { window_days: 30 })).statusCode).toBe(403);
    expect((await cast.client.get(SETTINGS)).statusCode).toBe(403);
    expect((await cast.anonymous.get(SETTINGS)).statusCode).toBe(401);
    expect((await cast.anonymous.patch(SETTINGS, { window_days: 30 })).statusCode).toBe(401);
    // Another firm has its own.
    expect((await cast.otherFirmAdmin.get(SETTINGS)).json()).toEqual(DEFAULT_REVIEW_CHECK_SETTINGS);
  });

  it('refuses what is not a setting, with the field’s message', async () => {
    const bad = async (body: unknown) => (await cast.admin.patch(SETTINGS, body)).json();
    expect((await bad({ window_days: 10 })).window_days).toEqual(['The window must be at least 30.']);
    expect((await bad({ amount_ratio: 1 })).amount_ratio).toEqual(['The amount ratio must be at least 1.5.']);
    expect((await bad({ usual_share_percent: 'most' })).usual_share_percent).toEqual(['The usual share must be a number.']);
    expect((await bad({ receipt_above: '-5' })).receipt_above).toEqual(['Receipt above must be more than zero.']);
    expect((await cast.admin.patch(SETTINGS, { checks: { NOT_A_CHECK: true } })).statusCode).toBe(400);
    expect((await cast.admin.patch(SETTINGS, { window: 30 })).statusCode).toBe(400);
    expect((await cast.admin.get(SETTINGS)).json().window_days).toBe(90);
  });

  it('a run follows them: its window, a check turned off, the firm’s receipt amount, its duplicate days; and a parent account is flagged', async () => {
    const pk = cast.clientUser.companyId;
    const office = await createLedgerAccount(t.db, pk, { name: 'Office Supplies' });
    const utilities = await createLedgerAccount(t.db, pk, { name: 'Utilities' });
    await t.db.insert(ledgerAccounts).values({ clientCompanyId: pk, externalId: 'electric', name: 'Utilities:Electric', parentExternalId: utilities.externalId });
    const streaming = await categorized(pk, { date: daysAgo(5), amount: '15.49', payee: 'Netflix', category: office.pk });
    const first = await categorized(pk, { date: daysAgo(20), amount: '89.99', payee: 'Staples', category: office.pk });
    const again = await categorized(pk, { date: daysAgo(14), amount: '89.99', payee: 'Staples', category: office.pk });
    const bare = await categorized(pk, { date: daysAgo(3), amount: '140.00', payee: 'Con Edison', category: utilities.pk });
    // Outside the firm's 90 days: never read.
    await categorized(pk, { date: daysAgo(200), amount: '15.49', payee: 'Netflix', category: office.pk });

    // The settings of the tests above: personal payees off, duplicates within 7 days, receipts above $100.
    // ($89.99 is under the firm's receipt amount.)
    expect(await findings(pk)).toEqual([
      [again.pk, 'LIKELY_DUPLICATE'],
      [bare.pk, 'PARENT_ACCOUNT'],
      [bare.pk, 'RECEIPT_MISSING'],
    ]);
    expect(first.pk).toBeLessThan(again.pk);

    // The company's own receipt rule wins over the firm's; the defaults bring the personal payee back and the
    // duplicate six days apart goes.
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { ask_rules: { ask_from: null, receipt_above: '500', firm_payees: [] } });
    await cast.admin.patch(SETTINGS, { checks: { PERSONAL_PAYEE: true }, duplicate_days: 3 });
    expect(await findings(pk)).toEqual([
      [streaming.pk, 'PERSONAL_PAYEE'],
      [bare.pk, 'PARENT_ACCOUNT'],
    ]);
  });
});
