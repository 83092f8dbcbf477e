import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@herd/contract';
import type { QboEntity, QboSimulator } from '@herd/simulators';
import { ledgerHistory } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { companyFromRedirect, connectQbo, startQboWorld } from '../../../test/qbo.js';

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
/** The company whose books hold Adobe's history, and a second company of the same firm whose books hold none. */
let withBooks: { realm: string; pk: number };
let without: { realm: string; pk: number };

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const account = (realm: string, name: string) => sim.listEntities(realm, 'Account').find((a) => a.Name === name)!;

/** A card charge from a vendor on one account: categorized when the account is an ordinary one, a question when it is a watched one. */
const purchase = (realm: string, vendor: QboEntity, accountName: string, date: string, amount = 52.99) =>
  sim.putEntity(realm, 'Purchase', {
    TxnDate: date,
    PaymentType: 'Cash',
    AccountRef: { value: account(realm, 'Checking').Id },
    EntityRef: { value: vendor.Id, name: vendor.DisplayName, type: 'Vendor' },
    Line: [
      {
        Amount: amount,
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: account(realm, accountName).Id }, BillableStatus: 'NotBillable' },
      },
    ],
  });

const listOf = async (companyPk: number) =>
  (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/transactions/list/?page_size=100`)).json().results as Transaction[];
const historyOf = (companyPk: number) => t.db.select().from(ledgerHistory).where(eq(ledgerHistory.clientCompanyId, companyPk));

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 0 }, { transactions: 0 }]));
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 43),
  );
  const [first, second] = sim.companies();
  for (const [i, realm] of [first!.realmId, second!.realmId].entries()) {
    const adobe = sim.putEntity(realm, 'Vendor', { DisplayName: 'Adobe Systems' });
    // Only the first company's books have filed Adobe before; both have one Adobe charge waiting.
    if (i === 0) for (const days of [40, 30, 20, 10]) purchase(realm, adobe, 'Dues & Subscriptions', daysAgo(days));
    purchase(realm, adobe, 'Uncategorized Expense', daysAgo(2), 54.99);
  }
  withBooks = { realm: first!.realmId, pk: companyFromRedirect((await connectQbo(sim, cast.admin, first!.realmId)).headers.location as string) };
  without = { realm: second!.realmId, pk: companyFromRedirect((await connectQbo(sim, cast.admin, second!.realmId)).headers.location as string) };
  await t.runJobs();
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('learning from the categorized transactions of the company’s books', () => {
  it('records the ledger’s categorized purchases as history, and suggests their account for a new uncategorized one of the same vendor', async () => {
    const history = await historyOf(withBooks.pk);
    expect(history).toHaveLength(4);
    expect(history.every((h) => h.merchantKey === 'adobe systems' && !h.deposit && h.vendorId !== null)).toBe(true);
    // Herd shows only the question, never the books' answers as transactions.
    const [open] = await listOf(withBooks.pk);
    expect((await listOf(withBooks.pk)).length).toBe(1);
    expect(open!.suggestion).toMatchObject({ category: { name: 'Dues & Subscriptions' }, source: 'HISTORY' });
    expect(open!.suggestion!.why).toMatch(/^Your books show Dues & Subscriptions for Adobe Systems 4 times, last on /);
    expect(open!.suggestion!.vendor).toMatchObject({ name: 'Adobe Systems' });
  });

  it('counts nothing twice when the ledger is read again', async () => {
    expect((await cast.admin.post(`accounting/accountant/client-company/${withBooks.pk}/transactions/fully-resync/`)).statusCode).toBe(202);
    await t.runJobs();
    expect(await historyOf(withBooks.pk)).toHaveLength(4);
    const [open] = await listOf(withBooks.pk);
    expect(open!.suggestion!.why).toMatch(/ 4 times, /);
  });

  it('never counts another company’s books', async () => {
    expect(await historyOf(without.pk)).toHaveLength(0);
    const [open] = await listOf(without.pk);
    expect(open!.suggestion).toBeNull();
  });

  it('follows the ledger: a transaction deleted there, or moved back to an uncategorized account, leaves the history', async () => {
    const books = sim
      .listEntities(withBooks.realm, 'Purchase')
      .filter((p) => JSON.stringify(p.Line).includes(account(withBooks.realm, 'Dues & Subscriptions').Id as string));
    sim.deleteEntity(withBooks.realm, 'Purchase', books[0]!.Id as string);
    const moved = books[1]!;
    sim.putEntity(withBooks.realm, 'Purchase', {
      Id: moved.Id,
      Line: (moved.Line as QboEntity[]).map((line) => ({
        ...line,
        AccountBasedExpenseLineDetail: { ...(line.AccountBasedExpenseLineDetail as object), AccountRef: { value: account(withBooks.realm, 'Uncategorized Expense').Id } },
      })),
    });
    await cast.admin.post('quickbooks/sync-client/', { client_company: withBooks.pk });
    await t.runJobs();
    const history = await historyOf(withBooks.pk);
    expect(history.map((h) => h.externalId).sort()).toEqual(
      books
        .slice(2)
        .map((p) => `Purchase:${String(p.Id)}`)
        .sort(),
    );
    // The moved one is now a question in Herd; two books' answers alone are too few to suggest.
    const open = await listOf(withBooks.pk);
    expect(open).toHaveLength(2);
    expect(open.every((tx) => tx.suggestion === null)).toBe(true);
  });
});
