import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboSimulator } from '@herd/simulators';
import { ledgerAccounts, ledgerRefs, transactions } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { companyFromRedirect, connectQbo, startQboWorld } from '../../../test/qbo.js';

/**
 * A closed period end to end: QuickBooks' closing date read by a pull, the answer published as a
 * journal entry in the open period (the adapter's own tests check the journal against Finance.xsd),
 * and the pull after it, which reads Herd's journal and must not ask about it.
 */
let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let realm: string;
const base = () => `accounting/accountant/client-company/${companyPk}/transactions`;

const accountPk = async (name: string) =>
  (
    await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, name)))
  )[0]!;
const refPk = async (kind: 'VENDOR') =>
  (
    await t.db
      .select()
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, kind), eq(ledgerRefs.active, true)))
  )[0]!;
const readyOf = async (subtype: string) => {
  const [row] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.subtype, subtype), eq(transactions.status, 'READY')));
  if (!row) throw new Error(`no READY ${subtype}`);
  return row;
};
const ledgerCopy = (row: { ledgerEntityType: string; externalId: string }) => sim.getEntity(realm, row.ledgerEntityType, row.externalId.split(':')[1]!)!;
const statusOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!.status;

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 80, watchedShare: 0.5 }]));
  realm = sim.companies()[0]!.realmId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 44),
  );
  companyPk = companyFromRedirect((await connectQbo(sim, cast.admin, realm)).headers.location as string);
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('a closed period in QuickBooks Online', () => {
  it('posts the answer to a transaction in the closed period as a journal entry dated the first open day, and the next pull asks nothing of it', async () => {
    const row = await readyOf('PURCHASE');
    // QuickBooks' closing date, as its settings set it, read by the next pull.
    const closeBooksThrough = async (date: string | undefined) => {
      const prefs = sim.getEntity(realm, 'Preferences', '2')!.AccountingInfoPrefs as object;
      sim.putEntity(realm, 'Preferences', { Id: '2', AccountingInfoPrefs: { ...prefs, BookCloseDate: date } });
      await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
      await t.runJobs();
    };
    const before = structuredClone(ledgerCopy(row));
    await closeBooksThrough(row.date);
    try {
      const office = await accountPk('Office Supplies');
      const vendor = await refPk('VENDOR');
      const answered = await cast.admin.patch(`${base()}/update/`, {
        transactions: [{ pk: row.pk, lines: [{ amount: row.amount, category: office.pk, vendor: vendor.pk }], finished: true }],
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const listed = (await cast.admin.get(`${base()}/categorized-list/?page_size=100`)).json().results as Record<string, unknown>[];
      expect(listed.find((r) => r.pk === row.pk)).toMatchObject({ publish_blocker: null, in_closed_period: true, correction: null });
      expect((await cast.admin.post(`${base()}/publish/`, { pks: [row.pk] })).json()).toMatchObject({ queued: 1, sent: [row.pk], refused: [] });
      await t.runJobs();
      const [stored] = await t.db.select().from(transactions).where(eq(transactions.pk, row.pk));
      const firstOpenDay = new Date(Date.parse(`${row.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(stored).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correctionDate: firstOpenDay, correctionExternalId: expect.stringMatching(/^JournalEntry:/) });
      // QuickBooks holds the journal, the amount moved from the watched account to the answer; the purchase is as it was.
      const journal = sim.getEntity(realm, 'JournalEntry', stored!.correctionExternalId!.split(':')[1]!)!;
      const watched = (await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.pk, row.watchedAccountId!)))[0]!;
      const lines = (journal.Line as { Amount: number; JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string } } }[]).map((l) => [
        l.JournalEntryLineDetail.PostingType,
        l.JournalEntryLineDetail.AccountRef.value,
        l.Amount,
      ]);
      expect({ date: journal.TxnDate, lines }).toEqual({
        date: firstOpenDay,
        lines: [
          ['Debit', office.externalId, Number(row.amount)],
          ['Credit', watched.externalId, Number(row.amount)],
        ],
      });
      expect(ledgerCopy(row)).toEqual(before);
      // The next pull reads the journal (it sits on a watched account) and the purchase: neither is a question.
      const asked = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'READY')));
      await cast.admin.post('quickbooks/sync-client/', { client_company: companyPk });
      await t.runJobs();
      expect(
        await t.db
          .select()
          .from(transactions)
          .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'READY'))),
      ).toHaveLength(asked.length);
      expect(await t.db.select().from(transactions).where(eq(transactions.externalId, stored!.correctionExternalId!))).toEqual([]);
      expect(await statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');
    } finally {
      await closeBooksThrough(undefined);
    }
  });
});
