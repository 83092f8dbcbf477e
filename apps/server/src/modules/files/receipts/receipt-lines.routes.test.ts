import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientCompanies, transactionLines, transactions } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES, postBankCsv } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 66);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Line = { pk: number; amount: string };
const deleteLine = (client: TestClient, linePk: number) => client.post(`accounting/client/transaction-line/${linePk}/delete/`);
const details = async (client: TestClient, receiptPk: number) =>
  (await client.get(`accounting/receipt/${receiptPk}/transaction_details/`)).json() as { transaction: { pk: number; amount: string; lines: Line[] } | null };
const split = async (admin: TestClient, companyPk: number, txPk: number, amounts: string[], category?: number) => {
  const lines = amounts.map((amount) => (category ? { amount, category } : { amount }));
  const res = await admin.post(`accounting/accountant/client-company/${companyPk}/transactions/split/`, { pk: txPk, lines });
  expect(res.statusCode).toBe(200);
  return res.json().lines as Line[];
};
const storedAmounts = async (txPk: number) =>
  (await t.db.select().from(transactionLines).where(eq(transactionLines.transactionId, txPk)).orderBy(asc(transactionLines.position))).map((l) => l.amount);

/** A company with one $40.00 charge and a receipt of the client's matched to it. */
const matchedReceipt = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  expect((await postBankCsv(cast.admin, pk, 'date,description,amount,account\n2026-03-15,OFFICE DEPOT 1182,-40.00,Visa\n')).statusCode).toBe(200);
  const [charge] = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));
  const { body, headers } = multipartFiles({ client_company: String(pk) }, [{ name: 'depot.pdf', bytes: PDF_BYTES }]);
  const receipt = (await cast.client.request('POST', 'accounting/receipt/create/', { body, headers })).json()[0] as { pk: number };
  expect((await cast.admin.post('accounting/receipt/update/match/', { receipt: receipt.pk, transaction: charge!.pk })).statusCode).toBe(200);
  return { cast, pk, txPk: charge!.pk, receiptPk: receipt.pk };
};

describe('deleting a line of a receipt’s split', () => {
  it('the client removes a line shown in the receipt’s transaction details: its amount goes to the first line, with an audit entry; the last line stays', async () => {
    const { cast, pk, txPk, receiptPk } = await matchedReceipt();
    await split(cast.admin, pk, txPk, ['25.00', '10.00', '5.00']);
    const before = (await details(cast.client, receiptPk)).transaction!;
    expect([before.pk, before.amount, before.lines.map((l) => l.amount)]).toEqual([txPk, '40.00', ['25.00', '10.00', '5.00']]);

    const res = await deleteLine(cast.client, before.lines[1]!.pk);
    expect(res.statusCode).toBe(204);
    const after = (await details(cast.client, receiptPk)).transaction!;
    expect(after.lines.map((l) => l.amount)).toEqual(['35.00', '5.00']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.line_delete'), eq(auditLog.targetPk, txPk)));
    expect([audit!.actorUserId, audit!.details]).toEqual([cast.clientUser.userId, { line: before.lines[1]!.pk, amount: '10.00', to_line: before.lines[0]!.pk }]);

    expect((await deleteLine(cast.client, after.lines[0]!.pk)).statusCode).toBe(204);
    const single = (await details(cast.client, receiptPk)).transaction!;
    expect(single.lines.map((l) => l.amount)).toEqual(['40.00']);
    const last = await deleteLine(cast.client, single.lines[0]!.pk);
    expect([last.statusCode, last.json()]).toEqual([400, { detail: 'A transaction keeps at least one line.' }]);
    // A line already removed is gone, not a server error.
    expect((await deleteLine(cast.client, before.lines[1]!.pk)).statusCode).toBe(404);
  });

  it('passes over a line that would come to zero, since no line may be zero', async () => {
    const { cast, pk, txPk } = await matchedReceipt();
    const lines = await split(cast.admin, pk, txPk, ['10.00', '25.00', '5.00']);
    await t.db.update(transactionLines).set({ amount: '-10.00' }).where(eq(transactionLines.pk, lines[1]!.pk));
    await t.db.update(transactionLines).set({ amount: '40.00' }).where(eq(transactionLines.pk, lines[2]!.pk));
    expect((await deleteLine(cast.client, lines[1]!.pk)).statusCode).toBe(204);
    expect(await storedAmounts(txPk)).toEqual(['10.00', '30.00']);
  });

  it('refuses lines of a published transaction, on both sides', async () => {
    const { cast, pk, txPk } = await matchedReceipt();
    const supplies = await createLedgerAccount(t.db, pk, { name: 'Office supplies' });
    const lines = await split(cast.admin, pk, txPk, ['25.00', '15.00'], supplies.pk);
    const finished = await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [{ pk: txPk, finished: true }] });
    expect(finished.statusCode).toBe(200);
    const published = await cast.admin.post(`accounting/accountant/client-company/${pk}/transactions/publish/`, { pks: [txPk] });
    expect(published.json()).toMatchObject({ published: 1 });
    const refused = await deleteLine(cast.client, lines[1]!.pk);
    expect([refused.statusCode, refused.json()]).toEqual([400, { detail: 'This transaction can no longer be changed here.' }]);
    expect((await deleteLine(cast.admin, lines[1]!.pk)).json()).toEqual({ detail: 'This transaction can no longer be changed here.' });
    expect(await storedAmounts(txPk)).toEqual(['25.00', '15.00']);
  });

  it('refuses the client lines of a hidden or unsplittable transaction, changing nothing', async () => {
    const { cast, pk, txPk } = await matchedReceipt();
    const lines = await split(cast.admin, pk, txPk, ['25.00', '15.00']);
    const refusal = { detail: 'This transaction can no longer be changed here.' };

    await t.db.update(transactions).set({ isHidden: true }).where(eq(transactions.pk, txPk));
    expect((await deleteLine(cast.client, lines[1]!.pk)).json()).toEqual(refusal);

    await t.db.update(transactions).set({ isHidden: false }).where(eq(transactions.pk, txPk));
    await t.db
      .update(clientCompanies)
      .set({ clientEditableFields: ['category', 'memo'] })
      .where(eq(clientCompanies.pk, pk));
    expect((await deleteLine(cast.client, lines[1]!.pk)).json()).toEqual({ detail: 'This client may not split transactions.' });
    expect(await storedAmounts(txPk)).toEqual(['25.00', '15.00']);
    // The accountant still may, from their side (a hidden transaction too).
    await t.db.update(transactions).set({ isHidden: true }).where(eq(transactions.pk, txPk));
    expect((await deleteLine(cast.admin, lines[1]!.pk)).statusCode).toBe(204);
    expect(await storedAmounts(txPk)).toEqual(['40.00']);
  });

  it('two deletes at once of a two-line split leave one line, never none', async () => {
    const { cast, pk, txPk } = await matchedReceipt();
    const lines = await split(cast.admin, pk, txPk, ['25.00', '15.00']);
    const answers = await Promise.all(lines.map((l) => deleteLine(cast.client, l.pk)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400]);
    expect(await storedAmounts(txPk)).toEqual(['40.00']);
  });

  it('another firm, another client and a restricted client outside their accounts get 404', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    const rentLines = await split(cast.admin, pk, rent, ['400.00', '500.00']);
    const fuelLines = await split(cast.admin, pk, fuel, ['30.00', '10.00']);
    const other = await signedInCast(t.db, newClient);
    expect((await deleteLine(other.client, rentLines[1]!.pk)).statusCode).toBe(404);
    expect((await deleteLine(cast.otherFirmAdmin, rentLines[1]!.pk)).statusCode).toBe(404);
    expect((await deleteLine(cast.client, rentLines[1]!.pk)).statusCode).toBe(404);
    expect(await storedAmounts(rent)).toEqual(['400.00', '500.00']);
    expect((await deleteLine(cast.client, fuelLines[1]!.pk)).statusCode).toBe(204);
    expect(await storedAmounts(fuel)).toEqual(['40.00']);
  });
});
