import { and, eq } from 'drizzle-orm';
import type { XeroSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerAccounts, transactions } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { startXeroWorld, throughXero } from '../../../test/xero.js';

/**
 * A closed period end to end in Xero: the organisation's lock dates read by a pull, the answer published
 * as a manual journal dated the first open day (the adapter's own tests check the journal in detail),
 * and the pull after it, which reads Herd's journal on the watched account and must not ask about it.
 */
let sim: XeroSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let tenant: string;
const base = () => `accounting/accountant/client-company/${companyPk}/transactions`;

type JournalLine = { AccountCode?: string; AccountID?: string; LineAmount: number };

const accountWhere = async (which: ReturnType<typeof eq>) =>
  (
    await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), which))
  )[0]!;
const codeOf = (account: { raw: unknown }) => (account.raw as { Code: string }).Code;
const readyRows = () =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'READY')))
    .orderBy(transactions.pk);
const rowOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!;
const xeroCopy = (row: { externalId: string }) => sim.getEntity(tenant, 'BankTransactions', row.externalId.split(':').pop()!)!;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** A day as Xero's API writes it. */
const xeroDate = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;
const inWords = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the accountant's Sync button does: a pull, run by the worker. */
const sync = async () => {
  expect((await cast.admin.post('xero/sync-client/', { client_company: companyPk })).statusCode).toBe(202);
  await t.runJobs();
};

/** Xero's lock dates, as its Advanced settings set them, read by the next pull. */
const lockBooksThrough = async (day: string | null) => {
  sim.setLockDates(tenant, { period: day, endOfYear: day });
  await sync();
};

beforeAll(async () => {
  ({ sim, t } = await startXeroWorld([{ name: 'Closed Ltd', transactions: 80, watchedShare: 0.6 }]));
  tenant = sim.organisations()[0]!.tenantId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 57),
  );
  companyPk = Number((await throughXero(sim, cast.admin, 'xero/oauth2/', [tenant])).searchParams.get('xero_connected'));
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('a closed period in Xero', () => {
  it('posts the answer to a bank transaction in the locked period as a manual journal dated the first open day, and the next pull asks nothing of it', async () => {
    const row = (await readyRows()).find((r) => r.subtype === 'SPEND');
    if (!row) throw new Error('no READY SPEND');
    const before = structuredClone(xeroCopy(row));
    const firstOpenDay = dayAfter(row.date);
    await lockBooksThrough(row.date);
    try {
      const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
      expect(company!.booksClosedThrough).toBe(row.date);

      const office = await accountWhere(eq(ledgerAccounts.name, 'Office Expenses'));
      const answered = await cast.admin.patch(`${base()}/update/`, {
        transactions: [{ pk: row.pk, lines: [{ amount: row.amount, category: office.pk }], finished: true }],
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const categorized = (await cast.admin.get(`${base()}/categorized-list/?page_size=100`)).json().results as Record<string, unknown>[];
      expect(categorized.find((r) => r.pk === row.pk)).toMatchObject({ in_closed_period: true, publish_blocker: null, correction: null });

      expect((await cast.admin.post(`${base()}/publish/`, { pks: [row.pk] })).json()).toMatchObject({ queued: 1, sent: [row.pk], refused: [] });
      await t.runJobs();
      const stored = await rowOf(row.pk);
      expect(stored).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correctionDate: firstOpenDay, correctionExternalId: expect.stringMatching(/^ManualJournal:.+/) });
      const journalId = stored.correctionExternalId!;
      const published = (await cast.admin.get(`${base()}/categorized-list/?page_size=100`)).json().results as Record<string, unknown>[];
      expect(published.find((r) => r.pk === row.pk)).toMatchObject({
        status: 'PUBLISHED_IN_PLATFORM',
        correction: { date: firstOpenDay, ledger_id: journalId },
      });

      // Xero holds the journal: the amount moved off the watched account onto the answer; the bank transaction is as it was.
      const journal = sim.getEntity(tenant, 'ManualJournals', journalId.replace(/^ManualJournal:/, ''));
      expect(journal).toBeDefined();
      const watched = await accountWhere(eq(ledgerAccounts.pk, row.watchedAccountId!));
      const lines = (journal!.JournalLines as JournalLine[]).map((l) => [l.AccountCode, l.LineAmount]);
      expect({ date: journal!.Date, status: journal!.Status, lines }).toEqual({
        date: xeroDate(firstOpenDay),
        status: 'POSTED',
        lines: [
          [codeOf(office), Number(row.amount)],
          [codeOf(watched), -Number(row.amount)],
        ],
      });
      expect(xeroCopy(row)).toEqual(before);

      // The drawer's history says where the answer went.
      const history = await cast.admin.get(`${base()}/${row.pk}/history/`);
      expect(history.statusCode, history.body).toBe(200);
      const entries = history.json().entries as { to: string | null; message: string }[];
      expect(entries.find((e) => e.to === 'PUBLISHED_IN_PLATFORM')?.message).toBe(
        `Dated in a closed period: the answer was posted as a journal entry dated ${inWords(firstOpenDay)} (journal ${journalId}).`,
      );

      // The next pull reads the journal (it sits on a watched account) and the bank transaction: neither is a question.
      const asked = (await readyRows()).map((r) => r.pk);
      await sync();
      expect((await readyRows()).map((r) => r.pk)).toEqual(asked);
      expect(await t.db.select().from(transactions).where(eq(transactions.externalId, journalId))).toEqual([]);
      expect(await rowOf(row.pk)).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correctionExternalId: journalId });
    } finally {
      await lockBooksThrough(null);
    }
  });
});
