import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createClientUser, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { ADOBE, importBankRows } from '../../../../test/bank-rows.js';
import { transactionSuggestions } from '../../../db/schema/index.js';
import { giveUpQueuedPublish, runQueuedPublish } from '../transactions/publish.service.js';
import { moveStatuses } from '../transactions/status-writer.queries.js';
import { queueSuggestionRefresh } from './refresh-queue.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 47);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const accountantList = (pk: number, list = 'list') => `accounting/accountant/client-company/${pk}/transactions/${list}/?page_size=100`;

const answer = (who: TestClient, path: string, txs: Transaction[], category: number, extra: Record<string, unknown> = {}) =>
  who.patch(path, { transactions: txs.map((tx) => ({ pk: tx.pk, lines: [{ amount: tx.amount, category }], finished: true, ...extra })) });
const accountantUpdate = (pk: number) => `accounting/accountant/client-company/${pk}/transactions/update/`;
const clientUpdate = (pk: number) => `accounting/client/company/${pk}/transactions/update/`;

const openOf = async (who: TestClient, companyPk: number) => (await who.get(`accounting/client/company/${companyPk}/transactions/list/`)).json().results as Transaction[];

describe('suggestions from the company’s own answers', () => {
  it('suggest nothing until answers teach something, then the category chosen, with why; recomputed after answers', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-10', 'ADOBE *CREATIVE CLD ADOBE.LY/ENUS'],
      ['2026-09-18', ADOBE],
      ['2026-10-02', ADOBE],
      ['2026-10-03', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
    ]);
    await t.runJobs();
    expect((await openOf(cast.client, pk)).every((tx) => tx.suggestion === null)).toBe(true);

    expect((await answer(cast.client, clientUpdate(pk), rows.slice(0, 3), software.pk)).statusCode).toBe(200);
    await t.runJobs();
    const open = await openOf(cast.client, pk);
    const adobe = open.find((tx) => tx.date === '2026-10-02')!;
    expect(adobe.suggestion).toMatchObject({
      category: { pk: software.pk, name: 'Software' },
      vendor: null,
      source: 'HISTORY',
      why: 'You chose Software for Adobe Creative 3 times, last on Sep 18',
    });
    expect(adobe.suggestion!.confidence).toBeCloseTo(0.75);
    // Another merchant learns nothing from Adobe's answers.
    expect(open.find((tx) => tx.date === '2026-10-03')!.suggestion).toBeNull();
    // The accountant's list reads the same stored suggestion.
    const inAccountantList = ((await cast.admin.get(accountantList(pk))).json().results as Transaction[]).find((tx) => tx.pk === adobe.pk)!;
    expect(inAccountantList.suggestion?.category.pk).toBe(software.pk);
  });

  it('stays silent below the threshold: one answer alone, or answers that disagree', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', 'PAYPAL *SPOTIFY 4029357733'],
      ['2026-09-02', 'SPOTIFY USA 877-778-1161 NY'],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
      ['2026-09-05', ADOBE],
      ['2026-09-06', ADOBE],
    ]);
    await answer(cast.client, clientUpdate(pk), [rows[0]!], software.pk);
    await answer(cast.client, clientUpdate(pk), [rows[2]!, rows[3]!], software.pk);
    await answer(cast.client, clientUpdate(pk), [rows[4]!], meals.pk);
    await t.runJobs();
    const open = await openOf(cast.client, pk);
    expect(open.map((tx) => [tx.date, tx.suggestion])).toEqual([
      ['2026-09-06', null],
      ['2026-09-02', null],
    ]);
  });

  it('answers after a send-back and a change of mind move the suggestion', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = await importBankRows(
      cast.admin,
      pk,
      ['01', '02', '03', '04', '05', '06', '07', '08'].map((d) => [`2026-08-${d}`, 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'] as [string, string]),
    );
    await answer(cast.admin, accountantUpdate(pk), rows.slice(0, 3), meals.pk);
    await t.runJobs();
    expect((await openOf(cast.client, pk)).every((tx) => tx.suggestion?.category.pk === meals.pk)).toBe(true);
    // Later answers outweigh older ones once they are the majority of the recent ones.
    await answer(cast.admin, accountantUpdate(pk), rows.slice(3, 7), software.pk);
    await t.runJobs();
    const [last] = await openOf(cast.client, pk);
    expect(last!.suggestion).toBeNull(); // 4 of 7 is not sure enough
    expect(
      (await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/back/`, { pks: rows.slice(0, 3).map((r) => r.pk), message: 'Check' })).statusCode,
    ).toBe(204);
    await t.runJobs();
    const open = await openOf(cast.client, pk);
    expect(open).toHaveLength(4);
    expect(open.every((tx) => tx.suggestion?.category.name === 'Software')).toBe(true);
  });
});

describe('suggestions when a publish ends', () => {
  it('are computed again however a publish ends: answers in flight teach nothing, published ones do again, a refused one is looked at anew', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', ADOBE],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
      ['2026-10-02', ADOBE],
    ]);
    const answered = rows.slice(0, 4);
    await answer(cast.client, clientUpdate(pk), answered, software.pk);
    await t.runJobs();
    const suggestionOf = async () => (await openOf(cast.client, pk))[0]!.suggestion;
    expect((await suggestionOf())?.why).toBe('You chose Software for Adobe Creative 4 times, last on Sep 4');

    // A remote publish holds them in PROCESSING while its job writes them: meanwhile they are not history.
    const author = { firmId: cast.firm.firmId, companyPk: pk, actorUserId: cast.firm.adminId };
    await moveStatuses(
      t.db,
      author,
      'transaction.publish',
      answered.map((r) => ({ row: { pk: r.pk, status: 'FINISHED_IN_HERD' as const }, to: 'PROCESSING' as const })),
    );
    await queueSuggestionRefresh(t.app.deps.jobs, pk, null);
    await t.runJobs();
    expect(await suggestionOf()).toBeNull();

    // Three are written: their answers count again without anything else asking.
    await runQueuedPublish(t.app.deps, { companyPk: pk, pks: answered.slice(0, 3).map((r) => r.pk), actorUserId: cast.firm.adminId });
    await t.runJobs();
    expect((await suggestionOf())?.why).toBe('You chose Software for Adobe Creative 3 times, last on Sep 3');

    // The fourth is given up on: the suggestions are computed again, and its refused answer still does not count.
    const [before] = await t.db.select().from(transactionSuggestions).where(eq(transactionSuggestions.clientCompanyId, pk));
    await giveUpQueuedPublish(t.app.deps, { companyPk: pk, pks: [answered[3]!.pk], actorUserId: cast.firm.adminId });
    expect(await t.runJobs()).toBeGreaterThan(0);
    const [after] = await t.db.select().from(transactionSuggestions).where(eq(transactionSuggestions.clientCompanyId, pk));
    expect(after!.computedAt.getTime()).toBeGreaterThan(before!.computedAt.getTime());
    expect((await suggestionOf())?.why).toBe('You chose Software for Adobe Creative 3 times, last on Sep 3');
  });
});

describe('suggestions from the firm’s other clients', () => {
  /** A company of the firm with its own chart, that answered `description` with its account named `accountName`. */
  const otherClient = async (admin: TestClient, firmId: number, accountName: string, description: string) => {
    const { companyId } = await createClientUser(t.db, firmId);
    const account = await createLedgerAccount(t.db, companyId, { name: accountName });
    const rows = await importBankRows(admin, companyId, [['2026-07-01', description]]);
    expect((await answer(admin, accountantUpdate(companyId), rows, account.pk)).statusCode).toBe(200);
  };

  it('suggest the category under this company’s own account of the same name, never another client’s names', async () => {
    const cast = await signedInCast(t.db, newClient);
    const { firmId } = cast.firm;
    for (let i = 0; i < 3; i++) await otherClient(cast.admin, firmId, 'Software', `INTUIT *QBOOKS ONLINE 800-286-${1000 + i} CA`);
    for (let i = 0; i < 3; i++) await otherClient(cast.admin, firmId, 'Zorblax Private Ledger', 'DELTA AIR LINES 0062345678901 ATLANTA GA');
    // Another firm's clients agree on Travel for Delta: not this firm's, so they count for nothing.
    const outsiderAdmin = cast.otherFirmAdmin;
    for (let i = 0; i < 3; i++) await otherClient(outsiderAdmin, cast.outsider.firmId, 'Travel', 'DELTA AIR LINES 0062345678901 ATLANTA GA');

    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'SOFTWARE' });
    await createLedgerAccount(t.db, pk, { name: 'Travel' });
    await importBankRows(cast.admin, pk, [
      ['2026-09-01', 'INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA'],
      ['2026-09-02', 'DELTA AIR LINES 0069999999999 DALLAS TX'],
    ]);
    await t.runJobs();
    const res = await cast.client.get(`accounting/client/company/${pk}/transactions/list/`);
    const [delta, intuit] = res.json().results as Transaction[];
    expect(intuit!.suggestion).toMatchObject({
      category: { pk: software.pk, name: 'SOFTWARE' },
      source: 'FIRM',
      why: 'Other clients of your firm file Intuit Qbooks under SOFTWARE',
    });
    expect(delta!.suggestion).toBeNull();
    const accountantView = (await cast.admin.get(accountantList(pk))).body;
    for (const body of [res.body, accountantView]) expect(body).not.toContain('Zorblax');
  });
});

describe('accepting a suggestion', () => {
  it('marks the answer "suggested" for the accountant only when the category taken is the one proposed', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = await importBankRows(cast.admin, pk, [
      ['2026-09-01', ADOBE],
      ['2026-09-02', ADOBE],
      ['2026-09-03', ADOBE],
      ['2026-09-04', ADOBE],
      ['2026-09-05', ADOBE],
    ]);
    await answer(cast.client, clientUpdate(pk), rows.slice(0, 3), software.pk);
    await t.runJobs();
    const [fifth, fourth] = await openOf(cast.client, pk);
    expect(fourth!.suggestion?.category.pk).toBe(software.pk);

    const taken = await answer(cast.client, clientUpdate(pk), [fourth!], software.pk, { accepted_suggestion: true });
    expect(taken.json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD', answered_from_suggestion: true, suggestion: null });
    // "Accepted" but answered otherwise: the answer is the client's own.
    const changed = await answer(cast.client, clientUpdate(pk), [fifth!], meals.pk, { accepted_suggestion: true });
    expect(changed.json()[0].answered_from_suggestion).toBe(false);

    const categorized = (await cast.admin.get(accountantList(pk, 'categorized-list'))).json().results as Transaction[];
    expect(Object.fromEntries(categorized.map((tx) => [tx.date, tx.answered_from_suggestion]))).toEqual({
      '2026-09-01': false,
      '2026-09-02': false,
      '2026-09-03': false,
      '2026-09-04': true,
      '2026-09-05': false,
    });
    // The accountant correcting the category later makes the answer theirs.
    const corrected = await answer(cast.admin, accountantUpdate(pk), [fourth!], meals.pk);
    expect(corrected.json()[0].answered_from_suggestion).toBe(false);
  });

  it('refuses a mark that is not a yes or no', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const [row] = await importBankRows(cast.admin, pk, [['2026-09-01', ADOBE]]);
    const res = await cast.client.patch(clientUpdate(pk), { transactions: [{ pk: row!.pk, accepted_suggestion: 'yes' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'transactions.0.accepted_suggestion': ['Accepted suggestion is not valid.'] });
  });

  it('another firm cannot read a company’s suggestions', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await cast.otherFirmAdmin.get(accountantList(pk))).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.patch(accountantUpdate(pk), { transactions: [{ pk: 1, accepted_suggestion: true }] })).statusCode).toBe(404);
  });
});
