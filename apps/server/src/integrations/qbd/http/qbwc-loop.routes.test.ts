import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerConnections, ledgerRefs, syncErrors, transactions, webConnectorRuns } from '../../../db/schema/index.js';
import type { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { qbdWorld, setUpQbdCompany, startQbdApp } from '../../../../test/qbd.js';

/** QuickBooks Desktop through the app, both ways: answers published by the accountant wait for the next Web Connector run, which writes them. */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t, url, cast } = await startQbdApp(72));
});
afterAll(async () => t?.close());

const rowsOf = (pk: number) => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk)).orderBy(transactions.pk);
const rowOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!;
const connectionOf = async (pk: number) => (await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk)))[0]!;
const lastRunOf = async (pk: number) => (await t.db.select().from(webConnectorRuns).where(eq(webConnectorRuns.clientCompanyId, pk)).orderBy(webConnectorRuns.pk)).at(-1)!;
const category = async (companyPk: number, name: string) =>
  (
    await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, name)))
  )[0]!;

/** A company set up and pulled once by its Web Connector. */
const pulledCompany = async (name: string, options: Parameters<typeof qbdWorld>[1] = { transactions: 40, watchedShare: 0.6 }) => {
  const setup = await setUpQbdCompany(cast.admin, url, name);
  const world = qbdWorld(setup, options);
  expect((await world.connector().run()).outcome).toBe('finished');
  return { ...setup, ...world };
};

const waitFor = async (check: () => Promise<boolean>, ms = 8000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the Web Connector loop', () => {
  it('publishes a split at the next run, to the cent, as the Check’s expense lines', async () => {
    const company = await pulledCompany('Split Co');
    const check = (await rowsOf(company.pk)).find((row) => row.subtype === 'PURCHASE' && row.status === 'READY')!;
    expect(check).toBeDefined();
    const total = Math.round(Number(check.amount) * 100);
    const first = (Math.floor(total / 3) / 100).toFixed(2);
    const second = ((total - Math.floor(total / 3)) / 100).toFixed(2);
    const office = await category(company.pk, 'Office Supplies');
    const travel = await category(company.pk, 'Travel Expense');
    const base = `accounting/accountant/client-company/${company.pk}/transactions`;
    const answered = await cast.admin.patch(`${base}/update/`, {
      transactions: [
        {
          pk: check.pk,
          lines: [
            { amount: first, category: office.pk, description: 'Paper & ink' },
            { amount: second, category: travel.pk, description: 'Train <return>' },
          ],
          finished: true,
        },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const published = await cast.admin.post(`${base}/publish/`, { pks: [check.pk] });
    expect(published.json()).toMatchObject({ queued: 1, sent: [check.pk] });
    // Nothing reaches QuickBooks until the Web Connector runs: no job writes it meanwhile.
    await t.runJobs();
    expect((await rowOf(check.pk)).status).toBe('PROCESSING');
    expect((await company.connector().run()).outcome).toBe('finished');
    expect((await rowOf(check.pk)).status).toBe('PUBLISHED_IN_PLATFORM');
    const inQuickBooks = company.sim.transactions('Check').find((txn) => txn.txnId === check.externalId)!;
    const written = inQuickBooks.expenseLines.filter((line) => line.memo === 'Paper & ink' || line.memo === 'Train <return>');
    expect(written.map((line) => [line.account.listId, line.amountCents])).toEqual([
      [office.externalId, Math.floor(total / 3)],
      [travel.externalId, total - Math.floor(total / 3)],
    ]);
  });

  it('makes a vendor created in the form at the next run, and gives Herd its ListID', async () => {
    const company = await pulledCompany('Vendor Co', { transactions: 10 });
    const created = await cast.admin.post(`accounting/accountant/client-company/${company.pk}/vendors/create/`, { name: 'Harbor Print & Copy' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const mine = () =>
      t.db
        .select()
        .from(ledgerRefs)
        .where(and(eq(ledgerRefs.clientCompanyId, company.pk), eq(ledgerRefs.name, 'Harbor Print & Copy')));
    expect((await mine())[0]!.externalId).toMatch(/^pending:/);
    expect(company.sim.listEntries('Vendor').some((v) => v.name === 'Harbor Print & Copy')).toBe(false);
    expect((await company.connector().run()).outcome).toBe('finished');
    const made = company.sim.listEntries('Vendor').find((v) => v.name === 'Harbor Print & Copy')!;
    expect(made).toBeDefined();
    // Taken over by its ListID: the pull of the same run found it known, not a second vendor.
    expect((await mine()).map((v) => v.externalId)).toEqual([made.listId]);
  });

  it('refuses a vendor name longer than QuickBooks Desktop takes without sending it, and a line naming that vendor, and the runs go on', async () => {
    const company = await pulledCompany('Long Name Co');
    // VendorAdd's Name is at most 41 characters in qbXML 13.0: QuickBooks would refuse the whole document, at every run.
    const name = 'Harbor Printing, Copying & Binding Services LLC';
    expect(name.length).toBeGreaterThan(41);
    const created = await cast.admin.post(`accounting/accountant/client-company/${company.pk}/vendors/create/`, { name });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const vendor = async () =>
      (
        await t.db
          .select()
          .from(ledgerRefs)
          .where(and(eq(ledgerRefs.clientCompanyId, company.pk), eq(ledgerRefs.name, name)))
      )[0]!;
    const check = (await rowsOf(company.pk)).find((row) => row.subtype === 'PURCHASE' && row.status === 'READY')!;
    const office = await category(company.pk, 'Office Supplies');
    const base = `accounting/accountant/client-company/${company.pk}/transactions`;
    const answered = await cast.admin.patch(`${base}/update/`, {
      transactions: [{ pk: check.pk, lines: [{ amount: check.amount, category: office.pk, vendor: (await vendor()).pk }], finished: true }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await cast.admin.post(`${base}/publish/`, { pks: [check.pk] })).statusCode).toBe(200);

    expect((await company.connector().run()).outcome).toBe('finished');
    expect((await vendor()).externalId).toMatch(/^pending:/);
    expect((await vendor()).raw).toEqual({ refused: expect.stringContaining('at most 41 characters') });
    expect(company.sim.listEntries('Vendor').some((each) => each.name === name)).toBe(false);
    // The check is settled with why, not sent with an id QuickBooks never gave; the next run is not blocked either.
    expect(await rowOf(check.pk)).toMatchObject({ status: 'SYNC_ERROR' });
    const [error] = await t.db.select().from(syncErrors).where(eq(syncErrors.transactionId, check.pk));
    expect(error?.message).toContain('not in QuickBooks Desktop yet');
    expect((await company.connector().run()).outcome).toMatch(/^(finished|none)$/);
  });

  it('reads chosen transactions again at the next run, and queues sync-missing and fully-resync for it', async () => {
    const company = await pulledCompany('Resync Co', { transactions: 20, watchedShare: 0.8 });
    const [row] = await rowsOf(company.pk);
    company.sim.editTransaction(row!.externalId, (txn) => {
      txn.memo = 'Edited in QuickBooks';
    });
    const base = `accounting/accountant/client-company/${company.pk}/transactions`;
    const asked = await cast.admin.post(`${base}/resync/`, { pks: [row!.pk] });
    expect(asked.json()).toMatchObject({ queued: true, detail: expect.stringContaining('next Web Connector run') });
    expect((await connectionOf(company.pk)).rereadPending).toEqual([row!.pk]);
    expect((await company.connector().run()).outcome).toBe('finished');
    expect((await connectionOf(company.pk)).rereadPending).toEqual([]);

    const full = await cast.admin.post(`${base}/fully-resync/`, {});
    expect(full.json().detail).toContain('next Web Connector run');
    expect((await connectionOf(company.pk)).pullMode).toBe('FULL');
    await t.runJobs();
    expect((await connectionOf(company.pk)).pullMode).toBe('FULL');
    expect((await company.connector().run()).outcome).toBe('finished');
    expect((await connectionOf(company.pk)).pullMode).toBe('INCREMENTAL');
  });

  it('resumes a run cut short mid-pull in the next one, with nothing lost and nothing doubled', async () => {
    const options = { transactions: 1200, watchedShare: 0.6, seed: 'same file' };
    const whole = await pulledCompany('Whole Co', options);
    const expected = (await rowsOf(whole.pk)).map((row) => row.externalId).sort();

    const setup = await setUpQbdCompany(cast.admin, url, 'Cut Co');
    const { connector } = qbdWorld(setup, options);
    const first = connector();
    first.dropAfterRequests(12);
    expect((await first.run()).outcome).toBe('dropped');
    // The run waits for an answer that never comes, then ends as interrupted; its progress is saved.
    await waitFor(async () => (await lastRunOf(setup.pk)).outcome === 'INTERRUPTED');
    const between = await rowsOf(setup.pk);
    expect(between.length).toBeGreaterThan(0);
    expect(between.length).toBeLessThan(expected.length);
    expect((await connectionOf(setup.pk)).pullProgress).not.toBeNull();

    expect((await connector().run()).outcome).toBe('finished');
    const after = (await rowsOf(setup.pk)).map((row) => row.externalId).sort();
    expect(after).toEqual(expected);
    expect((await connectionOf(setup.pk)).pullProgress).toBeNull();
  });

  it('ends a run QuickBooks could not be opened for, with its reason', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Closed Co');
    const connector = qbdWorld(setup).connector();
    connector.failToOpenCompany('0x80040408', 'Could not start QuickBooks.');
    expect((await connector.run()).outcome).toBe('connectionError');
    expect(await lastRunOf(setup.pk)).toMatchObject({ outcome: 'FAILED', lastError: expect.stringContaining('Could not start QuickBooks.') });
    expect(await rowsOf(setup.pk)).toEqual([]);
  });
});
