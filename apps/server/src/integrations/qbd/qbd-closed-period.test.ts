import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerAccounts, transactions } from '../../db/schema/index.js';
import type { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { qbdWorld, setUpQbdCompany, startQbdApp } from '../../../test/qbd.js';

/**
 * A closed period end to end in QuickBooks Desktop: the company's closing date read by a Web
 * Connector run, the answer published as a journal entry in the open period at the next run (the
 * adapter's own tests check the journal request), and the pull after it, which reads Herd's journal
 * (it sits on a watched account) and must not ask about it.
 */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t, url, cast } = await startQbdApp(78));
});
afterAll(async () => t?.close());

const rowOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!;
const readyOf = (companyPk: number) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'READY')));
const accountOf = async (companyPk: number, name: string) =>
  (
    await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, name)))
  )[0]!;
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const inWords = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('a closed period in QuickBooks Desktop', () => {
  it('posts the answer to a Check in the closed period as a journal entry dated the first open day at the next run, and the next pull asks nothing of it', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Closed Books Co');
    const { sim, connector } = qbdWorld(setup, { transactions: 40, watchedShare: 0.6 });
    expect((await connector().run()).outcome).toBe('finished');
    const base = `accounting/accountant/client-company/${setup.pk}/transactions`;
    const row = (await readyOf(setup.pk)).find((each) => each.ledgerEntityType === 'Check')!;
    expect(row).toBeDefined();
    const checkOf = () => sim.transactions('Check').find((txn) => txn.txnId === row.externalId)!;
    const before = structuredClone(checkOf());
    expect(before).toBeDefined();

    // The bookkeeper closes the books through the Check's day in QuickBooks; the next run reads the closing date.
    sim.company.closingDate = row.date;
    expect((await cast.admin.post('qbd/sync-client/', { client_company: setup.pk })).statusCode).toBe(202);
    expect((await connector().run()).outcome).toBe('finished');
    expect((await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, setup.pk)))[0]!.booksClosedThrough).toBe(row.date);
    expect((await rowOf(row.pk)).status).toBe('READY');

    const office = await accountOf(setup.pk, 'Office Supplies');
    const answered = await cast.admin.patch(`${base}/update/`, {
      transactions: [{ pk: row.pk, lines: [{ amount: row.amount, category: office.pk }], finished: true }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const listed = async () =>
      ((await cast.admin.get(`${base}/categorized-list/?page_size=100`)).json().results as Record<string, unknown>[]).find((r) => r.pk === row.pk);
    expect(await listed()).toMatchObject({ in_closed_period: true, publish_blocker: null, correction: null });

    // Nothing reaches QuickBooks until the Web Connector runs: the row waits.
    expect((await cast.admin.post(`${base}/publish/`, { pks: [row.pk] })).json()).toMatchObject({ queued: 1, sent: [row.pk] });
    await t.runJobs();
    expect((await rowOf(row.pk)).status).toBe('PROCESSING');
    expect(sim.transactions('JournalEntry').filter((txn) => txn.refNumber === `HERD${String(row.pk)}`)).toEqual([]);
    expect((await connector().run()).outcome).toBe('finished');

    const firstOpenDay = dayAfter(row.date);
    const stored = await rowOf(row.pk);
    expect(stored).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correctionDate: firstOpenDay, correctionExternalId: expect.any(String) });
    const journalId = stored.correctionExternalId!;
    expect(await listed()).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correction: { date: firstOpenDay, ledger_id: journalId } });

    // QuickBooks holds the journal: the amount moved off the watched account onto the answer, in the open period.
    const journal = sim.transactions('JournalEntry').find((txn) => txn.txnId === journalId)!;
    expect(journal).toBeDefined();
    const watched = (await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.pk, row.watchedAccountId!)))[0]!;
    const cents = Math.round(Number(row.amount) * 100);
    expect({
      date: journal.txnDate,
      refNumber: journal.refNumber,
      lines: journal.journalLines.map((line) => [line.side, line.account.listId, line.amountCents]),
    }).toEqual({
      date: firstOpenDay,
      refNumber: `HERD${String(row.pk)}`,
      lines: [
        ['Debit', office.externalId, cents],
        ['Credit', watched.externalId, cents],
      ],
    });
    // The Check itself is as it was: same EditSequence, same lines.
    expect(checkOf()).toEqual(before);

    const history = (await cast.admin.get(`${base}/${row.pk}/history/`)).json().entries as { to: string | null; message: string }[];
    expect(history.find((entry) => entry.to === 'PUBLISHED_IN_PLATFORM')?.message).toBe(
      `Dated in a closed period: the answer was posted as a journal entry dated ${inWords(firstOpenDay)} (journal ${journalId}).`,
    );

    // The next run's pull reads the journal (it sits on a watched account): it is not a question, nor a row.
    const asked = (await readyOf(setup.pk)).map((each) => each.pk).sort();
    expect((await cast.admin.post('qbd/sync-client/', { client_company: setup.pk })).statusCode).toBe(202);
    const pulled = await connector().run();
    expect(pulled.outcome).toBe('finished');
    expect(pulled.rounds.some((round) => round.method === 'receiveResponseXML' && round.request.includes(journalId))).toBe(true);
    expect((await readyOf(setup.pk)).map((each) => each.pk).sort()).toEqual(asked);
    expect(
      await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, setup.pk), eq(transactions.externalId, journalId))),
    ).toEqual([]);
    expect(await rowOf(row.pk)).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correctionDate: firstOpenDay, correctionExternalId: journalId });
    expect(checkOf()).toEqual(before);
  });
});
