import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 14);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Row = { pk: number; payee: string; amount: string; status: string; publish_blocker: string | null };

/** A CSV company with `rows` waiting expenses ("Vendor 0" 3.25, "Vendor 1" 6.25, …) and one category. */
const setup = async (rows: number) => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(rows));
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const clientList = `accounting/client/company/${pk}/transactions`;
  const accountantList = `accounting/accountant/client-company/${pk}/transactions`;
  const txs = (await cast.client.get(`${clientList}/list/?ordering=amount`)).json().results as Row[];
  const answer = (changes: object[]) => cast.client.patch(`${clientList}/update/`, { transactions: changes.map((c) => ({ finished: true, ...c })) });
  const categorized = async () => (await cast.admin.get(`${accountantList}/categorized-list/`)).json().results as Row[];
  return { cast, pk, meals, txs, clientList, accountantList, answer, categorized };
};

describe('publishing a selection that holds transactions Herd cannot send', () => {
  it('publishes the others and reports each one kept back with its reason, leaving it as it was', async () => {
    const s = await setup(4);
    const [coffee, memoOnly, lunch, unanswered] = s.txs as [Row, Row, Row, Row];
    const category = (row: Row) => ({ pk: row.pk, lines: [{ amount: row.amount, category: s.meals.pk }] });
    expect((await s.answer([category(coffee), { pk: memoOnly.pk, client_memo: 'Packing tape' }, category(lunch)])).statusCode).toBe(200);

    const published = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [coffee.pk, memoOnly.pk, lunch.pk, unanswered.pk] });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({
      published: 2,
      matched: 0,
      rejected: 0,
      queued: 0,
      sent: [coffee.pk, lunch.pk],
      refused: [
        { pk: memoOnly.pk, title: memoOnly.payee, reason: 'Line 1 needs a category.' },
        { pk: unanswered.pk, title: unanswered.payee, reason: 'Only categorized transactions can be published.' },
      ],
    });
    const after = await s.categorized();
    expect(after.find((r) => r.pk === coffee.pk)?.status).toBe('PUBLISHED_IN_PLATFORM');
    expect(after.find((r) => r.pk === lunch.pk)?.status).toBe('PUBLISHED_IN_PLATFORM');
    expect(after.find((r) => r.pk === memoOnly.pk)?.status).toBe('FINISHED_IN_HERD');
    const active = (await s.cast.admin.get(`${s.accountantList}/list/`)).json().results as Row[];
    expect(active.map((r) => r.pk)).toEqual([unanswered.pk]);
    // Nothing is recorded for what was kept back.
    const publishes = await t.db
      .select({ pk: auditLog.targetPk })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.publish'), inArray(auditLog.targetPk, [memoOnly.pk, unanswered.pk])));
    expect(publishes).toEqual([]);
  });

  it('refuses whole, as before, when nothing selected can go, and another firm gets 404', async () => {
    const s = await setup(2);
    const [memoOnly, unanswered] = s.txs as [Row, Row];
    await s.answer([{ pk: memoOnly.pk, client_memo: 'Packing tape' }]);
    const none = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [memoOnly.pk] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ 'transactions.0.lines.0.category': [`Line 1 of “${memoOnly.payee}” needs a category before it is published.`] });
    const byStatus = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [memoOnly.pk, unanswered.pk] });
    expect(byStatus.statusCode).toBe(409);
    expect(byStatus.json()).toEqual({ detail: 'Only categorized transactions can be published.' });
    expect((await s.cast.otherFirmAdmin.post(`${s.accountantList}/publish/`, { pks: [memoOnly.pk] })).statusCode).toBe(404);
  });
});

describe('the list marks what Publish would keep back', () => {
  it('names the lines without a category on the accountant’s categorized rows, and nothing on the client’s', async () => {
    const s = await setup(3);
    const [split, categorized, memoOnly] = s.txs as [Row, Row, Row];
    await s.answer([
      { pk: split.pk, client_memo: 'Paint', lines: [{ amount: '1.25' }, { amount: '2.00' }] },
      { pk: categorized.pk, lines: [{ amount: categorized.amount, category: s.meals.pk }] },
      { pk: memoOnly.pk, client_memo: 'Packing tape' },
    ]);
    const blockers = Object.fromEntries((await s.categorized()).map((r) => [r.pk, r.publish_blocker]));
    expect(blockers).toEqual({ [split.pk]: 'Lines 1 and 2 need a category.', [categorized.pk]: null, [memoOnly.pk]: 'Line 1 needs a category.' });
    const client = (await s.cast.client.get(`${s.clientList}/completed-list/`)).json().results as Row[];
    expect(client.map((r) => r.publish_blocker)).toEqual([null, null, null]);
  });
});
