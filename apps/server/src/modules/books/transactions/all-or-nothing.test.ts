import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerAccounts, transactionLines, transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { failOnStatement, removeFault } from '../../../../test/faults.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';

/**
 * The two largest writes of the categorization loop are all or nothing: a
 * failure part-way (the database refuses the fourth of six insert
 * statements; the last statement of a 500-transaction answer) leaves no
 * trace, and doing the same work again completes it once, without duplicates.
 * kill-safety.test.ts does the same with the process killed, on PostgreSQL.
 */
let t: TestApp;
const newClient = clientMaker(() => t.app, 13);

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 4 * 1024 * 1024 });
});
afterAll(async () => t?.close());

const rowsOf = (companyPk: number) => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk)).orderBy(transactions.pk);
const linesOf = (pks: number[]) => t.db.select().from(transactionLines).where(inArray(transactionLines.transactionId, pks));
const auditsOf = (action: string, firmId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.firmId, firmId)));

describe('a write that fails part-way', () => {
  it('imports a 3,000-row bank file entirely or not at all, and a retry imports each row once', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const file = bankCsv(3000);
    // 500 rows per statement: the fourth insert into transactions fails with 1,500 rows already written in the transaction.
    await failOnStatement(t.db, 'transactions', 'insert', 4);
    try {
      expect((await postBankCsv(cast.admin, pk, file)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await removeFault(t.db, 'transactions');
    }
    expect(await rowsOf(pk)).toHaveLength(0);
    expect(await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, pk))).toHaveLength(0);
    expect(await auditsOf('transactions.import_csv', cast.firm.firmId)).toHaveLength(0);

    expect((await postBankCsv(cast.admin, pk, file)).json()).toMatchObject({ imported: 3000, duplicates: 0 });
    expect((await postBankCsv(cast.admin, pk, file)).json()).toMatchObject({ imported: 0, duplicates: 3000 });
    const rows = await rowsOf(pk);
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(3000);
    expect(await linesOf(rows.map((r) => r.pk))).toHaveLength(3000);
  });

  it('answers 500 transactions at once entirely or not at all, and a retry finishes each once', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await postBankCsv(cast.admin, pk, bankCsv(500));
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const before = await rowsOf(pk);
    const answer = {
      transactions: before.map((r) => ({ pk: r.pk, lines: [{ amount: r.amount, category: meals.pk }], client_memo: 'Team lunch', finished: true })),
    };
    const update = () => cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, answer);

    // The audit entries are the last statement: new lines, memos and statuses are written by then.
    await failOnStatement(t.db, 'audit_log', 'insert', 1);
    try {
      expect((await update()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await removeFault(t.db, 'audit_log');
    }
    const untouched = await rowsOf(pk);
    expect(untouched.map((r) => [r.status, r.clientMemo])).toEqual(before.map(() => ['READY', '']));
    const oldLines = await linesOf(before.map((r) => r.pk));
    expect(oldLines).toHaveLength(500);
    expect(oldLines.every((l) => l.categoryId === null)).toBe(true);
    expect(await auditsOf('transaction.categorize', cast.firm.firmId)).toHaveLength(0);

    expect((await update()).statusCode).toBe(200);
    expect((await update()).statusCode).toBe(200);
    const after = await rowsOf(pk);
    expect(after.map((r) => [r.status, r.clientMemo])).toEqual(before.map(() => ['FINISHED_IN_HERD', 'Team lunch']));
    const newLines = await linesOf(before.map((r) => r.pk));
    expect(newLines).toHaveLength(500);
    expect(newLines.every((l) => l.categoryId === meals.pk)).toBe(true);
    // One status change per transaction; the second retry changed values only.
    expect(await auditsOf('transaction.categorize', cast.firm.firmId)).toHaveLength(500);
  });
});
