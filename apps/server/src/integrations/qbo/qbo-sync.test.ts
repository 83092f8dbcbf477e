import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QboEntity, QboSimulator } from '@herd/simulators';
import { clientCompanies, ledgerConnections, transactions } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { forceStatus } from '../../../test/status-audit.js';
import { companyFromRedirect, connectQbo, startQboWorld } from '../../../test/qbo.js';
import { loadCompanyReferences } from '../../modules/books/refs/ledger-references.queries.js';
import { applyLedgerRecords } from '../../modules/books/transactions/ledger-apply.queries.js';
import { qboLookups } from './qbo-lookups.js';
import { ledgerRecordOf } from './qbo-records.js';

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let realm: string;

const ENTITIES = ['Purchase', 'Deposit', 'JournalEntry', 'Bill', 'VendorCredit', 'SalesReceipt'];
const WATCHED = new Set(['Uncategorized Expense', 'Uncategorized Income', 'Uncategorized Asset', 'Ask My Accountant']);

/** What Herd should hold, worked out from the simulator's own data: every transaction with a line on a watched account. */
const expectedExternalIds = () => {
  const watchedIds = new Set(
    sim
      .listEntities(realm, 'Account')
      .filter((a) => WATCHED.has(String(a.Name)))
      .map((a) => a.Id),
  );
  const itemIncome = new Map(sim.listEntities(realm, 'Item').map((i) => [i.Id, String((i.IncomeAccountRef as { value: string }).value)]));
  const ids: string[] = [];
  for (const entity of ENTITIES) {
    for (const row of sim.listEntities(realm, entity)) {
      const onWatched = ((row.Line as QboEntity[] | undefined) ?? []).some((line) => {
        const detail = line[String(line.DetailType)] as { AccountRef?: { value: string }; ItemRef?: { value: string } } | undefined;
        const account = detail?.AccountRef?.value ?? (detail?.ItemRef ? itemIncome.get(detail.ItemRef.value) : undefined);
        return account !== undefined && watchedIds.has(account);
      });
      if (onWatched && String(row.TxnDate) >= SYNC_DATE) ids.push(`${entity}:${row.Id}`);
    }
  }
  return ids.sort();
};

/** Older transactions are not Herd's business: the company's sync date draws the line. */
const SYNC_DATE = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
const herdRows = () => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk));

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 1200, watchedShare: 0.4 }], { pageSize: 100 }));
  realm = sim.companies()[0]!.realmId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 42),
  );
  companyPk = companyFromRedirect((await connectQbo(sim, cast.admin, realm)).headers.location as string);
  await t.db.update(clientCompanies).set({ syncDate: SYNC_DATE }).where(eq(clientCompanies.pk, companyPk));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await sim.close();
});

describe('pulling a QuickBooks Online company', () => {
  it('brings in exactly the transactions on watched accounts, of every subtype, mapped to Herd’s kinds', async () => {
    await t.runJobs();
    const rows = await herdRows();
    expect(rows.map((r) => r.externalId).sort()).toEqual(expectedExternalIds());
    expect(rows.every((r) => r.status === 'READY')).toBe(true);
    const kinds = new Set(rows.map((r) => `${r.ledgerEntityType}/${r.type}/${r.subtype}`));
    for (const kind of [
      'Purchase/EXPENSE/PURCHASE',
      'Purchase/EXPENSE/CREDIT_CARD_CHARGE',
      'Purchase/EXPENSE/CREDIT_CARD_CREDIT',
      'Deposit/DEPOSIT/DEPOSIT',
      'JournalEntry/EXPENSE/JOURNAL_ENTRY',
      'JournalEntry/DEPOSIT/JOURNAL_ENTRY',
      'Bill/BILL/BILL',
      'VendorCredit/BILL/VENDOR_CREDIT',
    ])
      expect(kinds, kind).toContain(kind);
    // Amount: the part on watched accounts, which is what the client explains.
    const sample = rows.find((r) => r.ledgerEntityType === 'Purchase')!;
    const source = sim.getEntity(realm, 'Purchase', sample.externalId.split(':')[1]!)!;
    const watchedAmount = (source.Line as { Amount: number; AccountBasedExpenseLineDetail?: { AccountRef: { name: string } } }[])
      .filter((l) => WATCHED.has(l.AccountBasedExpenseLineDetail?.AccountRef.name ?? ''))
      .reduce((sum, l) => sum + Math.round(l.Amount * 100), 0);
    expect(Math.round(Number(sample.amount) * 100)).toBe(watchedAmount);
    expect(sample.ledgerVersion).toBe(source.SyncToken);
  });

  it('pulls again without duplicating anything', async () => {
    const before = await herdRows();
    expect((await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transactions/fully-resync/`)).statusCode).toBe(202);
    await t.runJobs();
    const after = await herdRows();
    expect(after.map((r) => r.pk).sort()).toEqual(before.map((r) => r.pk).sort());
  });

  it('resumes a pull cut short where it stopped, without losing or repeating rows', async () => {
    // A transaction added in QuickBooks since; then the network dies in the middle of the purchases.
    const added = sim.putEntity(realm, 'Purchase', {
      ...structuredClone(sim.listEntities(realm, 'Purchase').find((p) => expectedExternalIds().includes(`Purchase:${p.Id}`))!),
      Id: undefined,
      SyncToken: undefined,
    });
    const started = sim.requestCount(realm);
    await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transactions/fully-resync/`);
    await t.runJobs();
    const fullPullRequests = sim.requestCount(realm) - started;
    await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transactions/fully-resync/`);
    const realFetch = globalThis.fetch;
    let purchasePages = 0;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes('FROM%20Purchase') || String(input).includes('FROM+Purchase')) {
        purchasePages += 1;
        // From the second page on, every attempt fails: the pull's own retries cannot get through either.
        if (purchasePages >= 2) throw new TypeError('fetch failed: connection reset');
      }
      return realFetch(input, init);
    });
    await expect(t.runJobs()).rejects.toThrow(/connection reset/);
    spy.mockRestore();
    const [stopped] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    expect(stopped!.pullProgress).toMatchObject({ mode: 'FULL', current: { entity: 'Purchase', position: 101 } });
    expect(stopped!.syncState).toBe('FAILED');

    const countBefore = sim.requestCount(realm);
    await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
    await t.runJobs();
    const resumedRequests = sim.requestCount(realm) - countBefore;
    // Reference lists and the first purchase page are not read again.
    expect(resumedRequests).toBeLessThan(fullPullRequests - 8);
    const rows = await herdRows();
    expect(rows.map((r) => r.externalId).sort()).toEqual(expectedExternalIds());
    expect(rows.map((r) => r.externalId)).toContain(`Purchase:${added.Id}`);
    const [done] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    expect(done).toMatchObject({ pullProgress: null, syncState: 'IDLE', pullMode: 'INCREMENTAL', lastSyncError: null });
  });

  it('marks a transaction categorized inside QuickBooks as matched and a deleted one as cancelled, incrementally', async () => {
    const [first, second] = (await herdRows()).filter((r) => r.ledgerEntityType === 'Purchase' && r.status === 'READY');
    const raw = sim.getEntity(realm, 'Purchase', first!.externalId.split(':')[1]!)!;
    const office = sim.listEntities(realm, 'Account').find((a) => a.Name === 'Office Supplies')!;
    const relined = (raw.Line as QboEntity[]).map((line) => ({
      ...line,
      AccountBasedExpenseLineDetail: { ...(line.AccountBasedExpenseLineDetail as object), AccountRef: { value: office.Id } },
    }));
    sim.putEntity(realm, 'Purchase', { Id: raw.Id, Line: relined });
    sim.deleteEntity(realm, 'Purchase', second!.externalId.split(':')[1]!);

    const before = sim.requestCount(realm);
    await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
    await t.runJobs();
    expect(sim.requestCount(realm) - before).toBe(2); // the closing date (Preferences), then one CDC call
    const [matched] = await t.db.select().from(transactions).where(eq(transactions.pk, first!.pk));
    const [cancelled] = await t.db.select().from(transactions).where(eq(transactions.pk, second!.pk));
    expect(matched!.status).toBe('MATCHED_TO_PLATFORM');
    expect(cancelled!.status).toBe('CANCELLED');
  });

  it('re-reads single transactions on resync', async () => {
    const [row] = (await herdRows()).filter((r) => r.ledgerEntityType === 'Deposit' && r.status === 'READY');
    const raw = sim.getEntity(realm, 'Deposit', row!.externalId.split(':')[1]!)!;
    sim.putEntity(realm, 'Deposit', { Id: raw.Id, PrivateNote: 'Square payout, week 44' });
    const res = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transactions/resync/`, { pks: [row!.pk] });
    expect(res.statusCode).toBe(202);
    await t.runJobs();
    const [after] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.pk, row!.pk)));
    expect(after!.description).toBe('Square payout, week 44');
    expect(after!.ledgerVersion).toBe(sim.getEntity(realm, 'Deposit', raw.Id)!.SyncToken);
  });

  it('ignores a page read before a newer change, and leaves rows a publish is writing alone', async () => {
    const [row] = (await herdRows()).filter((r) => r.ledgerEntityType === 'Purchase' && r.status === 'READY');
    const stale = structuredClone(sim.getEntity(realm, 'Purchase', row!.externalId.split(':')[1]!)!);
    sim.putEntity(realm, 'Purchase', { Id: stale.Id, PrivateNote: 'newer' });
    await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transactions/resync/`, { pks: [row!.pk] });
    await t.runJobs();
    /** A page of Purchases applied as a pull applies it, whenever the test says. */
    const applyPage = async (rows: QboEntity[]) => {
      const refs = await loadCompanyReferences(t.db, companyPk);
      const records = rows.map((r) => ledgerRecordOf('Purchase', r, qboLookups(refs.references)));
      await applyLedgerRecords(t.db, { firmId: cast.firm.firmId, companyPk }, records, refs);
    };
    await applyPage([{ ...stale, PrivateNote: 'older' }]);
    const [after] = await t.db.select().from(transactions).where(eq(transactions.pk, row!.pk));
    expect(after!.description).toBe('newer');

    await forceStatus(t.db, row!.pk, 'PROCESSING');
    const categorized = sim.putEntity(realm, 'Purchase', { Id: stale.Id, PrivateNote: 'categorized meanwhile', Line: [] });
    await applyPage([categorized]);
    const [still] = await t.db.select().from(transactions).where(eq(transactions.pk, row!.pk));
    expect(still!.status).toBe('PROCESSING');
  });

  it('reads QuickBooks’ closing date at each pull, and marks the questions dated on or before it', async () => {
    const list = async () =>
      (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/transactions/list/?page_size=100`)).json().results as {
        date: string;
        in_closed_period: boolean;
      }[];
    const dates = (await list()).map((r) => r.date).sort();
    expect(dates.length).toBeGreaterThan(1);
    // A closing date that falls among the questions: some before it, some after.
    const closing = dates[Math.floor(dates.length / 2) - 1]!;
    sim.putEntity(realm, 'Preferences', {
      Id: '2',
      AccountingInfoPrefs: { ...(sim.getEntity(realm, 'Preferences', '2')!.AccountingInfoPrefs as object), BookCloseDate: closing },
    });
    await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
    await t.runJobs();
    const company = (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/retrieve/`)).json();
    expect(company.books_closed_through).toBe(closing);
    const listed = await list();
    for (const row of listed) expect(row.in_closed_period, row.date).toBe(row.date <= closing);
    expect(listed.some((r) => r.in_closed_period) && listed.some((r) => !r.in_closed_period)).toBe(true);

    // Reopened in QuickBooks: the next pull reads no lock, and nothing is marked.
    sim.putEntity(realm, 'Preferences', {
      Id: '2',
      AccountingInfoPrefs: { ...(sim.getEntity(realm, 'Preferences', '2')!.AccountingInfoPrefs as object), BookCloseDate: undefined },
    });
    await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
    await t.runJobs();
    expect((await cast.admin.get(`accounting/accountant/client-company/${companyPk}/retrieve/`)).json().books_closed_through).toBeNull();
  });

  it('keeps another firm out of the sync endpoints', async () => {
    for (const path of ['resync/', 'sync-missing/', 'fully-resync/']) {
      const res = await cast.otherFirmAdmin.post(`accounting/accountant/client-company/${companyPk}/transactions/${path}`, { pks: [1] });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await cast.client.post('quickbooks/sync-client/', { client_company: companyPk })).statusCode).toBe(403);
  });
});
