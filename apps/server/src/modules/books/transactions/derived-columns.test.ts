import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerRefs, transactionLines, transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, createRef, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1, multipart, postBankCsv } from '../../../../test/multipart.js';
import { liveStatusCounts, storedStatusCounts } from './transactions.queries.js';

/*
 * transactions.markers and transaction_counts are kept by database triggers.
 * These tests drive every write path through the API (and the database's own
 * cascades) and compare both with what they must be, recomputed from the rows.
 */

let t: TestApp;
const newClient = clientMaker(() => t.app, 31);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Markers recomputed from lines and attachments, the way the filters used to ask. */
const expectedMarkers = async (companyPk: number) => {
  const result = (await t.db.execute(sql`
    select t.pk,
      (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.class_id is null) then 1 else 0 end)
      | (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.location_id is null) then 2 else 0 end)
      | (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.customer_id is null) then 4 else 0 end)
      | (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.vendor_id is null) then 8 else 0 end)
      | (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.tracking_option_one_id is null) then 16 else 0 end)
      | (case when exists (select 1 from transaction_lines l where l.transaction_id = t.pk and l.tracking_option_two_id is null) then 32 else 0 end)
      | (case when exists (select 1 from transaction_attachments a where a.transaction_id = t.pk) then 0 else 64 end) as markers
    from transactions t where t.client_company_id = ${companyPk} order by t.pk`)) as { rows: { pk: number; markers: number }[] };
  return result.rows.map((r) => ({ pk: Number(r.pk), markers: Number(r.markers) }));
};

const storedMarkers = async (companyPk: number) =>
  t.db.select({ pk: transactions.pk, markers: transactions.markers }).from(transactions).where(eq(transactions.clientCompanyId, companyPk)).orderBy(transactions.pk);

const markersOf = async (txPk: number) => (await t.db.select({ m: transactions.markers }).from(transactions).where(eq(transactions.pk, txPk)))[0]!.m;

const nonZero = (rows: { status: string; hidden: boolean; n: number }[]) =>
  rows.filter((r) => r.n !== 0).sort((a, b) => `${a.status}${a.hidden}`.localeCompare(`${b.status}${b.hidden}`));

/** Both derived columns agree with the rows they are derived from. */
const expectInStep = async (companyPk: number) => {
  expect(await storedMarkers(companyPk)).toEqual(await expectedMarkers(companyPk));
  expect(nonZero(await storedStatusCounts(t.db, companyPk))).toEqual(nonZero(await liveStatusCounts(t.db, companyPk)));
};

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  expect((await postBankCsv(cast.admin, pk, bankCsv(4))).json()).toMatchObject({ imported: 4 });
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const refs = {
    class: await createRef(t.db, pk, 'CLASS', 'Retail'),
    location: await createRef(t.db, pk, 'LOCATION', 'Downtown'),
    customer: await createRef(t.db, pk, 'CUSTOMER', 'Acme'),
    vendor: await createRef(t.db, pk, 'VENDOR', 'Blue Bottle'),
  };
  const base = `accounting/accountant/client-company/${pk}`;
  const txs = (await cast.admin.get(`${base}/transactions/list/?ordering=date`)).json().results as { pk: number; amount: string }[];
  return { cast, pk, meals, refs, base, txs };
};

const ALL_LINE_BITS = 1 | 2 | 4 | 8 | 16 | 32;

describe('markers follow every write', () => {
  it('CSV import, update with lines, split, line delete, attachments, a deleted reference', async () => {
    const { cast, pk, meals, refs, base, txs } = await setup();
    const [a, b] = txs as [{ pk: number; amount: string }, { pk: number; amount: string }];
    // Imported: one line lacking everything, no attachment.
    expect(await markersOf(a.pk)).toBe(ALL_LINE_BITS | 64);
    await expectInStep(pk);

    const full = { category: meals.pk, class: refs.class.pk, location: refs.location.pk, customer: refs.customer.pk, vendor: refs.vendor.pk };
    await cast.admin.patch(`${base}/transactions/update/`, { transactions: [{ pk: a.pk, lines: [{ amount: a.amount, ...full }] }] });
    expect(await markersOf(a.pk)).toBe(16 | 32 | 64);
    const withoutClass = async () =>
      (await cast.admin.get(`${base}/transactions/list/?markers=WITHOUT_CLASS`)).json().results.map((r: { pk: number }) => r.pk) as number[];
    expect(await withoutClass()).not.toContain(a.pk);
    await expectInStep(pk);

    // A split whose second line lacks the class: the transaction is WITHOUT_CLASS again.
    const split = await cast.admin.post(`${base}/transactions/split/`, {
      pk: a.pk,
      lines: [
        { amount: '1.00', ...full },
        { amount: (Number(a.amount) - 1).toFixed(2), vendor: refs.vendor.pk },
      ],
    });
    expect(split.statusCode).toBe(200);
    expect(await markersOf(a.pk)).toBe((ALL_LINE_BITS & ~8) | 64);
    expect(await withoutClass()).toContain(a.pk);
    await expectInStep(pk);

    // Deleting the line that lacked the class clears the marker; the amount moving to line one does not matter.
    expect((await cast.client.post(`accounting/client/transaction-line/${split.json().lines[1].pk}/delete/`)).statusCode).toBe(204);
    expect(await markersOf(a.pk)).toBe(16 | 32 | 64);
    await expectInStep(pk);

    // Attachments: added, the bit goes; removed, it comes back.
    const { body, headers } = multipart({ client_company: String(pk) }, { name: 'r.png', bytes: PNG_1X1 });
    const file = (await cast.client.request('POST', 'storage/file/create/', { body, headers })).json();
    const attached = await cast.client.post(`accounting/transaction/${b.pk}/attachments/`, { file: file.pk });
    expect(await markersOf(b.pk)).toBe(ALL_LINE_BITS);
    const withoutAttachments = (await cast.admin.get(`${base}/transactions/list/?markers=WITHOUT_ATTACHMENTS`)).json();
    expect(withoutAttachments.results.map((r: { pk: number }) => r.pk)).not.toContain(b.pk);
    expect(withoutAttachments.count).toBe(3);
    await expectInStep(pk);
    await cast.client.delete(`accounting/transaction/${b.pk}/attachments/${attached.json().attachments[0].pk}/`);
    expect(await markersOf(b.pk)).toBe(ALL_LINE_BITS | 64);
    await expectInStep(pk);

    // A reference deleted in the ledger's lists empties the lines that used it (ON DELETE SET NULL).
    await t.db.delete(ledgerRefs).where(eq(ledgerRefs.pk, refs.class.pk));
    expect(await markersOf(a.pk)).toBe(1 | 16 | 32 | 64);
    await expectInStep(pk);

    // Tracking options, set on a line directly.
    const option = await createRef(t.db, pk, 'TRACKING_OPTION', 'North');
    await t.db.update(transactionLines).set({ trackingOptionOneId: option.pk, trackingOptionTwoId: option.pk }).where(eq(transactionLines.transactionId, a.pk));
    expect(await markersOf(a.pk)).toBe(1 | 64);
    await expectInStep(pk);
  });

  it('several markers must all match', async () => {
    const { cast, refs, base, txs, meals } = await setup();
    const [a] = txs as [{ pk: number; amount: string }];
    await cast.admin.patch(`${base}/transactions/update/`, { transactions: [{ pk: a.pk, lines: [{ amount: a.amount, category: meals.pk, vendor: refs.vendor.pk }] }] });
    const pks = async (markers: string) => (await cast.admin.get(`${base}/transactions/list/?markers=${markers}`)).json().results.map((r: { pk: number }) => r.pk);
    expect(await pks('WITHOUT_CLASS')).toContain(a.pk);
    expect(await pks('WITHOUT_CLASS,WITHOUT_VENDOR')).not.toContain(a.pk);
    expect(await pks('WITHOUT_CLASS,WITHOUT_VENDOR')).toHaveLength(3);
  });

  it('generic ingest: created with a line, updated while untouched', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Generic Co', connection_kind: 'GENERIC' })).json();
    const token = (await cast.admin.post(`accounting/accountant/client-company/${company.pk}/generic/tokens/`, { name: 'ERP' })).json().token as string;
    const ingest = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/generic-client/ingest/transactions/', headers: { authorization: `Bearer ${token}` }, payload: body as object });
    const tx = { external_id: 'T-1', type: 'EXPENSE', subtype: 'PURCHASE', date: '2026-02-01', amount: '42.00' };
    expect((await ingest({ transactions: [tx, { ...tx, external_id: 'T-2' }] })).json()).toMatchObject({ created: 2 });
    const [first] = await storedMarkers(company.pk);
    expect(first!.markers).toBe(ALL_LINE_BITS | 64);
    await expectInStep(company.pk);
    expect(
      (
        await ingest({
          transactions: [
            { ...tx, amount: '43.00' },
            { ...tx, external_id: 'T-2', deleted: true },
          ],
        })
      ).json(),
    ).toMatchObject({ updated: 2 });
    await expectInStep(company.pk);
    expect((await cast.admin.get(`accounting/accountant/client-company/${company.pk}/counters/`)).json()).toMatchObject({ active: 1 });
  });
});

describe('counters follow every status and hidden change', () => {
  it('answer, hide, unhide, send back, publish, delete, and a deleted company', async () => {
    const { cast, pk, base, txs, meals } = await setup();
    const counters = async () => (await cast.admin.get(`${base}/counters/`)).json();
    const clientCounters = async () => (await cast.client.get(`accounting/client/company/${pk}/counters/`)).json();
    expect(await counters()).toEqual({ active: 4, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0 });
    await expectInStep(pk);

    const [a, b, c, d] = txs as [{ pk: number; amount: string }, { pk: number; amount: string }, { pk: number }, { pk: number }];
    await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, {
      transactions: [a, b].map((x) => ({ pk: x.pk, lines: [{ amount: x.amount, category: meals.pk }], finished: true })),
    });
    expect(await counters()).toEqual({ active: 2, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 });
    expect(await clientCounters()).toMatchObject({ active: 2, completed: 2 });
    await expectInStep(pk);

    await cast.admin.post(`${base}/transactions/hide/`, { pks: [c.pk, a.pk] });
    expect(await counters()).toEqual({ active: 1, categorized: 1, hidden: 2, sync_errors: 0, completed: 1, processing: 0 });
    await expectInStep(pk);
    await cast.admin.post(`${base}/transactions/unhide/`, { pks: [a.pk] });
    expect(await counters()).toMatchObject({ active: 1, categorized: 2, hidden: 1 });

    await cast.admin.post(`${base}/transactions/back/`, { pks: [b.pk], message: 'Which one?' });
    expect(await counters()).toMatchObject({ active: 2, categorized: 1 });
    await cast.admin.post(`${base}/transactions/publish/`, { pks: [a.pk] });
    expect(await counters()).toMatchObject({ active: 2, categorized: 1, completed: 1 });
    await expectInStep(pk);

    await t.db.delete(transactions).where(eq(transactions.pk, d.pk));
    expect(await counters()).toMatchObject({ active: 1, hidden: 1 });
    await expectInStep(pk);

    // The company's counts go with it, and the per-company open work no longer lists it.
    await t.db.delete(clientCompanies).where(eq(clientCompanies.pk, pk));
    expect(await storedStatusCounts(t.db, pk)).toEqual([]);
  });

  it('open work per company reads the same counts', async () => {
    const { cast, pk, base, txs } = await setup();
    const open = async () => (await cast.admin.get('accounting/accountant/client-companies/transactions/count/')).json();
    expect(await open()).toEqual([{ client_company: pk, waiting_for_client: 4, to_review: 0, sync_errors: 0, open_receipts: 0, open_requests: 0 }]);
    await cast.admin.post(`${base}/transactions/hide/`, { pks: txs.map((x) => x.pk) });
    // Every count is back to zero: the company has nothing open.
    expect(await open()).toEqual([]);
  });
});
