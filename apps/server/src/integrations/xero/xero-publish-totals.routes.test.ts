import { and, eq } from 'drizzle-orm';
import type { XeroSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, syncErrors, transactions } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { startXeroWorld, throughXero } from '../../../test/xero.js';

/**
 * A publish never moves a Xero object's total, and when Xero's copy says otherwise the row says so.
 * Through the app: pulled by the worker, answered in Herd, published by the worker, Xero's copy read.
 */
let sim: XeroSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let tenant: string;
const base = () => `accounting/accountant/client-company/${companyPk}/transactions`;

const category = async (name: string) =>
  (
    await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, name)))
  )[0]!;
const rowOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!;
const xeroCopy = (row: { externalId: string }) => sim.getEntity(tenant, 'BankTransactions', row.externalId.split(':').pop()!)!;
type XeroLine = { Description?: string; AccountCode?: string; TaxType?: string; LineAmount: number };
const linesOf = (copy: Record<string, unknown>) => copy.LineItems as XeroLine[];

const answerAndPublish = async (pk: number, lines: Record<string, unknown>[]) => {
  const answered = await cast.admin.patch(`${base()}/update/`, { transactions: [{ pk, lines, finished: true }] });
  expect(answered.statusCode, answered.body).toBe(200);
  const published = await cast.admin.post(`${base()}/publish/`, { pks: [pk] });
  expect(published.json()).toMatchObject({ queued: 1, sent: [pk] });
  await t.runJobs();
};

beforeAll(async () => {
  ({ sim, t } = await startXeroWorld([{ name: 'Kauri Ltd', transactions: 80, watchedShare: 0.6 }]));
  tenant = sim.organisations()[0]!.tenantId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 55),
  );
  companyPk = Number((await throughXero(sim, cast.admin, 'xero/oauth2/', [tenant])).searchParams.get('xero_connected'));
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('publishing a split to Xero', () => {
  it('keeps a tax-exclusive bank transaction’s total when the split’s lines have no tax chosen: each line names the tax of the line it replaces', async () => {
    const ready = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.subtype, 'SPEND'), eq(transactions.status, 'READY')))
      .orderBy(transactions.pk);
    // A tax-exclusive one: Xero adds a line's tax on top of its amount there.
    const row = ready.find((r) => xeroCopy(r).LineAmountTypes === 'Exclusive')!;
    const before = xeroCopy(row);
    const parked = linesOf(before).find((l) => ['250', '499'].includes(l.AccountCode!))!;
    const total = Math.round(Number(row.amount) * 100);
    const first = Math.floor(total / 3);
    // Both accounts carry GST on Expenses by default in Xero's chart; neither line has a tax chosen.
    const office = await category('Office Expenses');
    const travel = await category('Travel - National');
    await answerAndPublish(row.pk, [
      { amount: (first / 100).toFixed(2), category: office.pk, description: 'Paper' },
      { amount: ((total - first) / 100).toFixed(2), category: travel.pk, description: 'Train' },
    ]);

    const after = xeroCopy(row);
    expect(after.Total).toBe(before.Total);
    expect((await rowOf(row.pk)).status).toBe('PUBLISHED_IN_PLATFORM');
    const written = linesOf(after).filter((l) => l.Description === 'Paper' || l.Description === 'Train');
    expect(written.map((l) => [l.Description, l.TaxType])).toEqual([
      ['Paper', parked.TaxType],
      ['Train', parked.TaxType],
    ]);
  });
});

describe('a total Xero no longer agrees with after the write', () => {
  it('is the row’s sync error in plain words, not Published, and Herd keeps Xero’s copy as read back', async () => {
    // A 123.45 spend parked on Suspense with GST in a tax-exclusive transaction: 141.97 left the bank.
    const accounts = sim.listEntities(tenant, 'Accounts');
    const bank = accounts.find((a) => a.Code === '090')!;
    const contact = sim.listEntities(tenant, 'Contacts')[0]!;
    const parked = sim.putEntity(tenant, 'BankTransactions', {
      Type: 'SPEND',
      Contact: { ContactID: contact.ContactID!, Name: contact.Name! },
      BankAccount: { AccountID: bank.AccountID!, Code: '090', Name: bank.Name! },
      Date: new Date(sim.now()).toISOString().slice(0, 10),
      Status: 'AUTHORISED',
      LineAmountTypes: 'Exclusive',
      LineItems: [{ Description: 'Card payment', Quantity: 1, UnitAmount: 123.45, LineAmount: 123.45, AccountCode: '250', TaxType: 'INPUT2' }],
    });
    expect(parked.Total).toBe(141.97);
    expect((await cast.admin.post(`${base()}/sync-missing/`, {})).statusCode).toBeLessThan(300);
    await t.runJobs();
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.externalId, `BankTransaction:${String(parked.BankTransactionID)}`)));
    expect(row).toBeDefined();

    // In Xero the rate of GST on Expenses is changed after Herd read the organisation's tax rates:
    // Herd writes the line with the tax it had, and Xero works it out at the new rate.
    const rate = sim.listEntities(tenant, 'TaxRates').find((r) => r.TaxType === 'INPUT2')!;
    sim.putEntity(tenant, 'TaxRates', { TaxType: 'INPUT2', EffectiveRate: 12.5 });
    try {
      await answerAndPublish(row!.pk, [{ amount: '123.45', category: (await category('Office Expenses')).pk, description: 'Printer ink' }]);
    } finally {
      sim.putEntity(tenant, 'TaxRates', { TaxType: 'INPUT2', EffectiveRate: rate.EffectiveRate! });
    }

    expect(xeroCopy(row!).Total).toBe(138.88);
    const after = await rowOf(row!.pk);
    expect(after.status).toBe('SYNC_ERROR');
    const [error] = await t.db.select().from(syncErrors).where(eq(syncErrors.transactionId, row!.pk));
    expect(error!.message).toMatch(/^Xero’s total for this bank transaction is now 138\.88, not 141\.97: the categorization was written to Xero/);
    expect((after.raw as { Total: number }).Total).toBe(138.88);
  });
});
