import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { clientCompanies, ledgerRefs, transactions } from '../../../db/schema/index.js';
import { createFirm } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { isSaneLedgerDate } from '../ledger/ledger-hygiene.rule.js';
import { liveRecord, type LedgerTransaction } from '../ledger/ledger-records.port.js';
import { upsertReferencePage } from '../refs/ledger-reference-pages.queries.js';
import { loadCompanyReferences } from '../refs/ledger-references.queries.js';
import { applyLedgerRecords } from './ledger-apply.queries.js';

let database: Database;
let owner: { firmId: number; companyPk: number };

/** A row waiting on a watched account, as any ledger's translator hands it over. */
const waiting = (externalId: string, values: Partial<LedgerTransaction>, raw: Record<string, unknown> = {}) =>
  liveRecord(
    externalId,
    '1',
    raw,
    {
      entityType: 'Purchase',
      type: 'EXPENSE',
      subtype: 'PURCHASE',
      date: '2026-11-02',
      amountCents: 4250,
      currency: 'USD',
      description: 'Lunch',
      payee: 'Cafe',
      paymentAccountExternalId: null,
      watchedAccountExternalId: null,
      locationExternalId: null,
      lines: [
        {
          amountCents: 4250,
          description: 'Lunch',
          classExternalId: null,
          customerExternalId: null,
          taxExternalId: null,
          trackingOneExternalId: null,
          trackingTwoExternalId: null,
          billable: null,
        },
      ],
      ...values,
    },
    () => [],
  );

beforeAll(async () => {
  database = await openTestDatabase();
  const firm = await createFirm(database.db);
  const [company] = await database.db.insert(clientCompanies).values({ firmId: firm.firmId, name: 'Hostile Ledger Co', connectionKind: 'QBO' }).returning();
  owner = { firmId: firm.firmId, companyPk: company!.pk };
});
afterAll(() => database.close());

const apply = async (records: ReturnType<typeof waiting>[]) => {
  const refs = await loadCompanyReferences(database.db, owner.companyPk);
  return applyLedgerRecords(database.db, owner, records, refs);
};

describe('what a ledger sends is stored safely', () => {
  it('keeps NUL, control characters and half characters out of text and the ledger’s copy, and stores the rest', async () => {
    const counts = await apply([
      waiting(
        'nul-1',
        { payee: 'Caf\u0000e\u0007 Ltd', description: 'Line\u0000one\nline two\u001b[31m', lines: [] },
        { PrivateNote: 'memo\u0000', ['Key\u0000']: ['\ud800x'] },
      ),
    ]);
    expect(counts.created).toBe(1);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.externalId, 'nul-1'));
    expect(row!.payee).toBe('Cafe Ltd');
    expect(row!.description).toBe('Lineone\nline two[31m');
    expect(row!.raw).toEqual({ PrivateNote: 'memo', Key: ['x'] });
  });

  it('leaves out a transaction dated outside any sane calendar, without stopping the others', async () => {
    const counts = await apply([waiting('year-20026', { date: '20026-01-05' }), waiting('feb-30', { date: '2026-02-30' }), waiting('fine', { date: '2026-03-01' })]);
    expect(counts).toMatchObject({ created: 1, unchanged: 2 });
    const stored = await database.db.select({ externalId: transactions.externalId }).from(transactions).where(eq(transactions.clientCompanyId, owner.companyPk));
    expect(stored.map((r) => r.externalId)).not.toContain('year-20026');
    expect(stored.map((r) => r.externalId)).toContain('fine');
  });

  it('cleans the names of the chart and lists', async () => {
    await upsertReferencePage(database.db, owner.companyPk, {
      accounts: [],
      refs: [{ kind: 'VENDOR', externalId: 'v1', name: 'Acme\u0000 Inc\u0085', active: true, raw: { DisplayName: 'Acme\u0000' } }],
    });
    const [vendor] = await database.db.select().from(ledgerRefs).where(eq(ledgerRefs.externalId, 'v1'));
    expect(vendor!.name).toBe('Acme Inc');
    expect(vendor!.raw).toEqual({ DisplayName: 'Acme' });
  });

  it('takes the days of real calendars only', () => {
    expect(['2026-11-02', '1900-01-01', '2199-12-31', '2024-02-29'].every(isSaneLedgerDate)).toBe(true);
    expect(['1899-12-31', '2200-01-01', '2025-02-29', '2026-13-01', '26-11-02', '', '2026-11-02T00:00:00Z'].some(isSaneLedgerDate)).toBe(false);
  });
});
