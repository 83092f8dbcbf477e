import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { statusChangeReport } from '../../../../test/status-audit.js';
import { moveStatuses } from './status-writer.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 12);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const companyRows = (companyPk: number) => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk)).orderBy(transactions.pk);
const auditsOf = (pk: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetPk, pk)))
    .orderBy(auditLog.pk);

describe('the status writer', () => {
  it('audits every change of the categorization loop, in the order it happened', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await postBankCsv(cast.admin, pk, bankCsv(2));
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const [row] = await companyRows(pk);
    const list = `accounting/accountant/client-company/${pk}/transactions`;
    const answer = { pk: row!.pk, lines: [{ amount: row!.amount, category: meals.pk }], finished: true };

    expect((await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer] })).statusCode).toBe(200);
    expect((await cast.admin.post(`${list}/back/`, { pks: [row!.pk], message: 'Which meeting?' })).statusCode).toBe(204);
    expect((await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer] })).statusCode).toBe(200);
    expect((await cast.admin.post(`${list}/publish/`, { pks: [row!.pk] })).json()).toMatchObject({ published: 1 });

    const trail = (await auditsOf(row!.pk)).map((a) => {
      const { from, to } = a.details as { from: string; to: string };
      return [a.action, from, to, a.actorUserId];
    });
    expect(trail).toEqual([
      ['transaction.categorize', 'READY', 'FINISHED_IN_HERD', cast.clientUser.userId],
      ['transaction.back', 'FINISHED_IN_HERD', 'READY', cast.firm.adminId],
      ['transaction.categorize', 'READY', 'FINISHED_IN_HERD', cast.clientUser.userId],
      ['transaction.publish', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', cast.firm.adminId],
    ]);
  });

  it('refuses a change the table forbids, and one overtaken by another change, writing nothing', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await postBankCsv(cast.admin, pk, bankCsv(2));
    const [first, second] = await companyRows(pk);
    const author = { firmId: cast.firm.firmId, companyPk: pk, actorUserId: cast.firm.adminId };

    await expect(moveStatuses(t.db, author, 'test.move', [{ row: first!, to: 'PUBLISHED_IN_PLATFORM' }])).rejects.toThrow(/cannot become published/);
    // Read as FINISHED_IN_HERD, but the row is READY: someone else moved it; both moves are dropped.
    const stale = { row: { pk: second!.pk, status: 'FINISHED_IN_HERD' as const }, to: 'READY' as const };
    await expect(moveStatuses(t.db, author, 'test.move', [{ row: first!, to: 'CANCELLED' }, stale])).rejects.toThrow(/changed by someone else/);
    expect((await companyRows(pk)).map((r) => r.status)).toEqual(['READY', 'READY']);
    // What a ledger reports is skipped instead: the allowed move is written, the rest left out.
    const written = await moveStatuses(
      t.db,
      author,
      'test.move',
      [
        { row: first!, to: 'CANCELLED' },
        { row: second!, to: 'PUBLISHED_IN_PLATFORM' },
      ],
      'skip',
    );
    expect(written.map((m) => m.row.pk)).toEqual([first!.pk]);
    expect((await companyRows(pk)).map((r) => r.status)).toEqual(['CANCELLED', 'READY']);
  });

  it('sends the writes given alongside in the statement of the moves: all of it, or none of it when a row moved meanwhile', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await postBankCsv(cast.admin, pk, bankCsv(2));
    const [first, second] = await companyRows(pk);
    const author = { firmId: cast.firm.firmId, companyPk: pk, actorUserId: cast.firm.adminId };
    const note = (row: { pk: number }) =>
      t.db.insert(auditLog).values({ firmId: cast.firm.firmId, actorUserId: null, action: 'test.alongside', targetType: 'transaction', targetPk: row.pk });
    const notes = async () => (await auditsOf(first!.pk)).concat(await auditsOf(second!.pk)).filter((a) => a.action === 'test.alongside');

    // One UPDATE, outside any transaction: the second row was read as FINISHED_IN_HERD but is READY, so the
    // statement undoes itself, the first row's move and the note with it.
    const stale = { row: { pk: second!.pk, status: 'READY' as const }, to: 'CANCELLED' as const };
    const overtaken = { row: { pk: first!.pk, status: 'READY' as const }, to: 'CANCELLED' as const };
    await t.db.update(transactions).set({ status: 'FINISHED_IN_HERD' }).where(eq(transactions.pk, second!.pk));
    await expect(moveStatuses(t.db, author, 'test.move', [overtaken, stale], 'refuse', [note(first!)])).rejects.toThrow(/changed by someone else/);
    expect((await companyRows(pk)).map((r) => r.status)).toEqual(['READY', 'FINISHED_IN_HERD']);
    expect(await notes()).toEqual([]);

    // Moves that all happen take the note with them; with nothing to move, the note is written alone.
    expect((await moveStatuses(t.db, author, 'test.move', [overtaken], 'refuse', [note(first!)])).map((m) => m.row.pk)).toEqual([first!.pk]);
    expect(await moveStatuses(t.db, author, 'test.move', [], 'refuse', [note(second!)])).toEqual([]);
    expect((await notes()).map((a) => a.targetPk)).toEqual([first!.pk, second!.pk]);
    expect((await auditsOf(first!.pk)).map((a) => a.action).sort()).toEqual(['test.alongside', 'test.move']);
    await t.db.execute(sql`delete from test_status_changes where transaction_pk = ${second!.pk}`);
  });

  it('never moves another company’s rows, whatever pks it is given', async () => {
    const ours = await signedInCast(t.db, newClient);
    const theirs = await signedInCast(t.db, newClient);
    await postBankCsv(theirs.admin, theirs.clientUser.companyId, bankCsv(1));
    const [foreign] = await companyRows(theirs.clientUser.companyId);
    const author = { firmId: ours.firm.firmId, companyPk: ours.clientUser.companyId, actorUserId: ours.firm.adminId };
    await expect(moveStatuses(t.db, author, 'test.move', [{ row: foreign!, to: 'CANCELLED' }])).rejects.toThrow(/changed by someone else/);
    expect((await companyRows(theirs.clientUser.companyId))[0]!.status).toBe('READY');
  });

  it('the recorder behind every test catches a status written around the writer', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await postBankCsv(cast.admin, pk, bankCsv(2));
    const [row] = await companyRows(pk);
    const before = await statusChangeReport(t.db);
    expect(before.violations).toEqual([]);
    expect(before.changes).toBeGreaterThan(0);

    await t.db.update(transactions).set({ status: 'PUBLISHED_IN_PLATFORM' }).where(eq(transactions.pk, row!.pk));
    const after = await statusChangeReport(t.db);
    expect(after.violations).toEqual([
      `transaction ${row!.pk}: READY → PUBLISHED_IN_PLATFORM is not in the transition table`,
      `transaction ${row!.pk}: READY → PUBLISHED_IN_PLATFORM has no audit entry`,
    ]);
    // Undo the deliberate bypass, so closing this file's app finds the rules kept.
    await t.db.execute(sql`delete from test_status_changes where transaction_pk = ${row!.pk}`);
  });
});
