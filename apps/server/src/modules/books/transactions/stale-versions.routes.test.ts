import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@herd/contract';
import { transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { lockAtVersions, StaleVersions } from './stale-versions.queries.js';

/**
 * Two people editing one transaction: an edit that sends the version it read is refused whole (409,
 * in plain words, with the transaction as it is now) when someone saved in between; an edit that
 * sends no version is written as before.
 */
let t: TestApp;
const newClient = clientMaker(() => t.app, 14);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setUp = async (rows = 3) => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(rows));
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const travel = await createLedgerAccount(t.db, pk, { name: 'Travel' });
  const clientUpdate = (body: unknown) => cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: body });
  const accountantUpdate = (body: unknown) => cast.admin.patch(`accounting/accountant/client-company/${pk}/transactions/update/`, { transactions: body });
  const clientList = async () => (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as Transaction[];
  return { cast, pk, meals, travel, clientUpdate, accountantUpdate, clientList };
};

const versionOf = async (pk: number) => (await t.db.select({ version: transactions.version }).from(transactions).where(eq(transactions.pk, pk)))[0]!.version;

describe('an edit that names the version it read', () => {
  it('is refused with 409 when the accountant saved in between, says so plainly and shows the transaction as it is now', async () => {
    const { meals, travel, clientUpdate, accountantUpdate, clientList } = await setUp();
    const [read] = await clientList();
    expect(read!.version).toBeGreaterThanOrEqual(1);

    const theirs = await accountantUpdate([{ pk: read!.pk, version: read!.version, lines: [{ amount: read!.amount, category: travel.pk }] }]);
    expect(theirs.statusCode).toBe(200);
    const saved = (theirs.json() as Transaction[])[0]!;
    expect(saved.version).toBeGreaterThan(read!.version);

    const mine = await clientUpdate([{ pk: read!.pk, version: read!.version, lines: [{ amount: read!.amount, category: meals.pk }], client_memo: 'Team lunch' }]);
    expect(mine.statusCode).toBe(409);
    const body = mine.json();
    expect(body.detail).toBe(
      'Someone else saved this transaction after you opened it, so your changes were not saved. Look at what changed, then keep yours or take theirs.',
    );
    expect(body.current).toHaveLength(1);
    expect(body.current[0]).toMatchObject({ pk: read!.pk, version: saved.version, client_memo: '', lines: [{ category: { pk: travel.pk, name: 'Travel' } }] });

    // Nothing of the refused edit was written.
    const [after] = await clientList();
    expect(after).toMatchObject({ client_memo: '', version: saved.version, lines: [{ category: { pk: travel.pk } }] });

    // Keeping theirs: the same edit at the version now shown is written.
    const kept = await clientUpdate([{ pk: read!.pk, version: saved.version, lines: [{ amount: read!.amount, category: meals.pk }], client_memo: 'Team lunch' }]);
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as Transaction[])[0]).toMatchObject({ client_memo: 'Team lunch', lines: [{ category: { pk: meals.pk } }] });
  });

  it('is refused for the accountant too when the client answered in between', async () => {
    const { meals, travel, clientUpdate, accountantUpdate, clientList } = await setUp();
    const [read] = await clientList();
    expect((await clientUpdate([{ pk: read!.pk, version: read!.version, lines: [{ amount: read!.amount, category: meals.pk }], finished: true }])).statusCode).toBe(200);

    const late = await accountantUpdate([{ pk: read!.pk, version: read!.version, lines: [{ amount: read!.amount, category: travel.pk }] }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().current[0]).toMatchObject({ status: 'FINISHED_IN_HERD', lines: [{ category: { pk: meals.pk } }] });
  });

  it('refuses a bulk edit whole when one of its transactions moved on, naming how many', async () => {
    const { travel, clientUpdate, accountantUpdate, clientList } = await setUp(3);
    const read = await clientList();
    expect(read).toHaveLength(3);
    const moved = read[1]!;
    expect((await accountantUpdate([{ pk: moved.pk, lines: [{ amount: moved.amount, category: travel.pk }] }])).statusCode).toBe(200);

    const bulk = await clientUpdate(read.map((r) => ({ pk: r.pk, version: r.version, client_memo: 'All business' })));
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().current.map((c: Transaction) => c.pk)).toEqual([moved.pk]);
    expect((await clientList()).map((r) => r.client_memo)).toEqual(['', '', '']);

    const two = await clientUpdate([read[0]!, read[1]!].map((r) => ({ pk: r.pk, version: r.version, client_memo: 'x' })));
    expect(two.statusCode).toBe(409);
    const three = await accountantUpdate(read.map((r) => ({ pk: r.pk, version: r.version })));
    expect(three.statusCode).toBe(409);
    expect((await accountantUpdate([{ pk: read[2]!.pk, lines: [{ amount: read[2]!.amount, category: travel.pk }] }])).statusCode).toBe(200);
    const both = await clientUpdate(read.map((r) => ({ pk: r.pk, version: r.version, client_memo: 'x' })));
    expect(both.json().detail).toBe('Someone else saved 2 of these transactions after you opened them, so nothing was saved. Look at what changed, then try again.');
  });

  it('is refused inside the write itself when a save lands between the check and the write', async () => {
    // Two saves from the same version can both pass the check made before the write; the row lock
    // taken inside the write is what lets only the first through. Here the other save lands after that
    // check: its version is already past the one named when the write's own transaction looks.
    const { pk, clientList } = await setUp(1);
    const [read] = await clientList();
    await t.db.update(transactions).set({ clientMemo: 'saved by someone else' }).where(eq(transactions.pk, read!.pk));
    const refused = t.db.transaction((tx) => lockAtVersions(tx, pk, [{ pk: read!.pk, version: read!.version }]));
    await expect(refused).rejects.toBeInstanceOf(StaleVersions);
    await expect(refused).rejects.toMatchObject({ pks: [read!.pk] });
    // A change that names no version, or the version now held, takes the lock and goes on.
    await t.db.transaction((tx) => lockAtVersions(tx, pk, [{ pk: read!.pk }, { pk: read!.pk, version: read!.version + 1 }]));
  });

  it('refuses a split made from an old version', async () => {
    const { cast, pk, meals, travel, accountantUpdate, clientList } = await setUp(1);
    const [read] = await clientList();
    expect((await accountantUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }] }])).statusCode).toBe(200);
    const half = (Number(read!.amount) / 2).toFixed(2);
    const rest = (Number(read!.amount) - Number(half)).toFixed(2);
    const split = await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/split/`, {
      pk: read!.pk,
      version: read!.version,
      lines: [
        { amount: half, category: meals.pk },
        { amount: rest, category: travel.pk },
      ],
    });
    expect(split.statusCode).toBe(409);
    expect(split.json().current[0].lines).toHaveLength(1);
  });

  it('says a transaction moved out of reach meanwhile is refused for its status, not offered to be kept', async () => {
    const { cast, pk, meals, clientUpdate, clientList } = await setUp(1);
    const [read] = await clientList();
    expect((await clientUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }], finished: true }])).statusCode).toBe(200);
    const published = await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/publish/`, { pks: [read!.pk] });
    expect(published.statusCode, published.body).toBe(200);

    const late = await clientUpdate([{ pk: read!.pk, version: read!.version, client_memo: 'Too late' }]);
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json())).toEqual(['transactions.0.status']);
  });

  it('refuses a version that is not a whole number above zero with a field error', async () => {
    const { clientUpdate, clientList } = await setUp(1);
    const [read] = await clientList();
    const answer = await clientUpdate([{ pk: read!.pk, version: 0, client_memo: 'x' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ 'transactions.0.version': ['Version is not valid.'] });
  });
});

describe('an edit that names no version', () => {
  it('is written as before, whatever was saved in between', async () => {
    const { meals, travel, clientUpdate, accountantUpdate, clientList } = await setUp(1);
    const [read] = await clientList();
    expect((await accountantUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: travel.pk }] }])).statusCode).toBe(200);
    const last = await clientUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }] }]);
    expect(last.statusCode).toBe(200);
    expect((last.json() as Transaction[])[0]!.lines[0]!.category?.pk).toBe(meals.pk);
  });
});

describe('the version', () => {
  it('grows with every write a person would see, whoever makes it, and not with bookkeeping', async () => {
    const { cast, pk, meals, clientUpdate, clientList } = await setUp(1);
    const [read] = await clientList();
    let last = await versionOf(read!.pk);

    const grew = async () => {
      const now = await versionOf(read!.pk);
      expect(now).toBeGreaterThan(last);
      last = now;
    };
    // Lines alone (the status stays READY).
    await clientUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }] }]);
    await grew();
    // The memo alone.
    await clientUpdate([{ pk: read!.pk, client_memo: 'Lunch' }]);
    await grew();
    // Done, then hidden and shown, then sent back by the accountant.
    await clientUpdate([{ pk: read!.pk, finished: true }]);
    await grew();
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/hide/`, { pks: [read!.pk] })).statusCode).toBe(204);
    await grew();
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/unhide/`, { pks: [read!.pk] })).statusCode).toBe(204);
    await grew();
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/back/`, { pks: [read!.pk] })).statusCode).toBe(204);
    await grew();

    // A save moves it once, however many of its parts it writes: an answer's lines and status, a split with a memo.
    const answered = await clientUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }], finished: true }]);
    expect((answered.json() as Transaction[])[0]!.version).toBe(last + 1);
    await grew();
    await clientUpdate([{ pk: read!.pk, lines: [{ amount: read!.amount, category: meals.pk }], client_memo: 'Team lunch' }]);
    expect(await versionOf(read!.pk)).toBe(last + 1);
    await grew();

    // Bookkeeping columns are not a person's change.
    await t.db.update(transactions).set({ merchantKey: 'lunch place', updatedAt: new Date() }).where(eq(transactions.pk, read!.pk));
    expect(await versionOf(read!.pk)).toBe(last);
  });
});
