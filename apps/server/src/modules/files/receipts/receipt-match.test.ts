import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { importCharges } from '../../../../test/bank-rows.js';
import { multipartFiles } from '../../../../test/multipart.js';
import { TEST_RECEIPTS, textLayerPdf } from '../../../../test/receipt-images.js';
import { auditLog, clientCompanies, receiptMatches, receipts, transactionAttachments, transactions } from '../../../db/schema/index.js';
import { runCompanyReceiptMatch } from './receipt-match.job.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Green Valley Market, 2026-03-14, $29.67, as a till system emails it: read from its text layer, without OCR. */
let groceryPdf: Buffer;
beforeAll(async () => {
  groceryPdf = await textLayerPdf(TEST_RECEIPTS.grocery);
});

const upload = async (client: TestClient, companyPk: number, name = 'grocery.pdf', bytes = groceryPdf) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name, bytes }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  expect(res.statusCode).toBe(201);
  return res.json()[0] as { pk: number };
};

const chargesOf = (companyPk: number) => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk));
const receiptRow = async (pk: number) => (await t.db.select().from(receipts).where(eq(receipts.pk, pk)))[0]!;
const attachmentsOf = (txPk: number) => t.db.select().from(transactionAttachments).where(eq(transactionAttachments.transactionId, txPk));
const matchesOf = (receiptPk: number) => t.db.select().from(receiptMatches).where(eq(receiptMatches.receiptId, receiptPk));

describe('reading and matching receipts in the background', () => {
  it('reads a text-layer PDF and matches it to the one charge that fits, attaching its file', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, [
      '2026-03-15,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa',
      '2026-03-15,SHELL OIL 5512,-29.67,Visa',
      '2026-03-16,GREEN VALLEY MARKET,-8.10,Visa',
    ]);
    await t.runJobs();
    const r = await upload(cast.client, pk);
    await t.runJobs();

    const row = await receiptRow(r.pk);
    expect([row.readState, row.vendor, row.receiptDate, row.total, row.currency]).toEqual(['READ', 'Green Valley Market', '2026-03-14', '29.67', 'USD']);
    expect(row.thumbnailFileId).not.toBeNull();
    const charge = (await chargesOf(pk)).find((c) => c.payee.includes('GREEN VALLEY') || c.description.includes('GREEN VALLEY MARKET SPRINGFIELD'))!;
    expect([row.transactionId, row.status]).toEqual([charge.pk, 'MATCHED_TO_PLATFORM']);
    // The receipt's own file is the transaction's attachment, as any attachment (published with it).
    expect((await attachmentsOf(charge.pk)).map((a) => a.fileId)).toEqual([row.fileId]);
    const [accepted] = await matchesOf(r.pk);
    expect(accepted!.state).toBe('ACCEPTED');
    expect(accepted!.parts.map((p) => p.kind)).toEqual(['AMOUNT', 'DATE', 'VENDOR', 'CURRENCY']);
    expect(accepted!.parts[0]!.words).toContain('29.67');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'receipt.match'), eq(auditLog.targetPk, r.pk)));
    expect(audit[0]!.details).toMatchObject({ transaction: charge.pk, automatic: true });
    // The client sees it done, with its transaction.
    const done = (await cast.client.get(`accounting/client/company/${pk}/receipts/completed-list/`)).json().results;
    expect(done.map((x: { pk: number; transaction: number }) => [x.pk, x.transaction])).toEqual([[r.pk, charge.pk]]);
    // ...and why: the pairing's score and its words, beside the charge.
    const details = (await cast.client.get(`accounting/receipt/${r.pk}/transaction_details/`)).json();
    expect(details.transaction.pk).toBe(charge.pk);
    expect(details.match.score).toBeCloseTo(accepted!.score, 5);
    expect(details.match.parts.map((p: { words: string }) => p.words)).toEqual(accepted!.parts.map((p) => p.words));
  });

  it('two charges that fit equally give suggestions only; a rejected one is never suggested again', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET,-29.67,Visa', '2026-03-15,GREEN VALLEY MARKET #2,-29.67,Visa']);
    const r = await upload(cast.client, pk);
    await t.runJobs();
    const row = await receiptRow(r.pk);
    expect([row.transactionId, row.status]).toEqual([null, 'READY']);
    const suggested = await matchesOf(r.pk);
    expect(suggested.map((m) => m.state)).toEqual(['SUGGESTED', 'SUGGESTED']);
    expect(await t.db.select().from(transactionAttachments).where(eq(transactionAttachments.fileId, row.fileId))).toEqual([]);

    const [first, second] = suggested.map((m) => m.transactionId).sort((a, b) => a - b);
    const rejected = await cast.client.post('accounting/receipt/update/match/', { receipt: r.pk, transaction: first, action: 'reject' });
    expect(rejected.statusCode).toBe(200);
    // Looking again now offers only the other one (a person's look never matches by itself).
    const found = await cast.client.post('accounting/receipt/matches/new/', { receipt: r.pk });
    expect(found.statusCode).toBe(200);
    expect(found.json().suggestions.map((s: { transaction: { pk: number } }) => s.transaction.pk)).toEqual([second]);
    // New charges arrive: the job scores again, and the refused charge stays refused.
    await importCharges(cast.admin, pk, ['2026-03-16,GREEN VALLEY MARKET ONLINE,-29.67,Visa']);
    await t.runJobs();
    const states = Object.fromEntries((await matchesOf(r.pk)).map((m) => [m.transactionId, m.state]));
    expect(states[first!]).toBe('REJECTED');
    expect(Object.keys(states).length).toBe(3);
    expect((await receiptRow(r.pk)).transactionId).toBeNull();
  });

  it('a receipt waiting without a charge is matched when its charge arrives', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await upload(cast.client, pk);
    await t.runJobs();
    expect((await receiptRow(r.pk)).transactionId).toBeNull();
    await importCharges(cast.admin, pk, ['2026-03-16,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa']);
    await t.runJobs();
    const [charge] = await chargesOf(pk);
    expect((await receiptRow(r.pk)).transactionId).toBe(charge!.pk);
    expect((await attachmentsOf(charge!.pk)).length).toBe(1);
  });

  it("when charges arrive, the company's waiting receipts are matched in turn: a charge the first takes is not the second's", async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    // The same purchase sent twice (flagged as a duplicate, still a receipt): one charge explains one receipt.
    const first = await upload(cast.client, pk, 'grocery.pdf');
    const second = await upload(cast.client, pk, 'grocery-again.pdf');
    await t.runJobs();
    await importCharges(cast.admin, pk, ['2026-03-16,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa', '2026-03-20,SHELL OIL 5512,-12.00,Visa']);
    await t.runJobs();
    const charge = (await chargesOf(pk)).find((c) => c.description.includes('GREEN VALLEY'))!;
    expect((await receiptRow(first.pk)).transactionId).toBe(charge.pk);
    const later = await receiptRow(second.pk);
    expect([later.transactionId, later.status]).toEqual([null, 'READY']);
    expect((await matchesOf(second.pk)).map((m) => m.transactionId)).not.toContain(charge.pk);
    expect((await attachmentsOf(charge.pk)).map((a) => a.fileId)).toEqual([(await receiptRow(first.pk)).fileId]);
  });
});

describe("the company's run, a batch at a time", () => {
  it('writes each batch while deciding the next, in order, to the same result as one batch', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const sent = [await upload(cast.client, pk), await upload(cast.client, pk, 'again.pdf'), await upload(cast.client, pk, 'third.pdf')];
    await t.runJobs();
    // The same day (scores 1) and ten days later (0.82): the first receipt takes the first charge.
    await importCharges(cast.admin, pk, ['2026-03-14,GREEN VALLEY MARKET,-29.67,Visa', '2026-03-24,GREEN VALLEY MARKET,-29.67,Visa']);
    const [sameDay, later] = (await chargesOf(pk)).sort((a, b) => a.date.localeCompare(b.date));
    await runCompanyReceiptMatch(t.app.deps, pk, { batchSize: 1 });
    const [first, second, third] = await Promise.all(sent.map((r) => receiptRow(r.pk)));
    expect([first!.transactionId, first!.status]).toEqual([sameDay!.pk, 'MATCHED_TO_PLATFORM']);
    for (const waiting of [second!, third!]) {
      expect([waiting.transactionId, waiting.status]).toEqual([null, 'READY']);
      expect((await matchesOf(waiting.pk)).map((m) => [m.transactionId, m.state])).toEqual([[later!.pk, 'SUGGESTED']]);
    }
  });
});

describe('a person corrects what was read', () => {
  it('a corrected date looks again and finds the charge', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-05-20,GREEN VALLEY MARKET,-29.67,Visa']);
    const r = await upload(cast.client, pk);
    await t.runJobs();
    // Read as March: the May charge is outside its window.
    expect((await receiptRow(r.pk)).transactionId).toBeNull();
    const fixed = await cast.client.patch(`accounting/client/company/${pk}/receipts/update/`, { receipts: [{ pk: r.pk, date: '2026-05-19' }] });
    expect(fixed.statusCode).toBe(200);
    await t.runJobs();
    const [charge] = await chargesOf(pk);
    expect((await receiptRow(r.pk)).transactionId).toBe(charge!.pk);
  });
});

describe('matching by hand', () => {
  it('a person picks a charge (attached), bulk matches, and the rules of who may', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const a = await upload(cast.client, pk);
    await t.runJobs();
    // A charge that would never be suggested (another vendor, another amount): a person may still pick it.
    await importCharges(cast.admin, pk, ['2026-05-01,CASH WITHDRAWAL,-40.00,Visa', '2026-05-02,HARDWARE CO,-12.00,Visa', '2026-05-03,PAPER CO,-3.00,Visa']);
    await t.runJobs();
    const [c1, c2, c3] = (await chargesOf(pk)).sort((x, y) => x.date.localeCompare(y.date));

    // Another firm's admin and an unknown receipt: 404; an unknown field: field errors.
    expect((await cast.otherFirmAdmin.post('accounting/receipt/update/match/', { receipt: a.pk, transaction: c1!.pk })).statusCode).toBe(404);
    const other = await signedInCast(t.db, newClient);
    expect((await other.client.post('accounting/receipt/update/match/', { receipt: a.pk, transaction: c1!.pk })).statusCode).toBe(404);
    expect((await other.client.post('accounting/receipt/matches/new/', { receipt: a.pk })).statusCode).toBe(404);
    // A charge of another company is 404 too.
    await importCharges(other.admin, other.clientUser.companyId, ['2026-03-15,GREEN VALLEY MARKET,-29.67,Visa']);
    const [foreign] = await chargesOf(other.clientUser.companyId);
    expect((await cast.client.post('accounting/receipt/update/match/', { receipt: a.pk, transaction: foreign!.pk })).statusCode).toBe(404);
    const bad = await cast.client.post('accounting/receipt/update/match/', { receipt: 'x', action: 'keep' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['action', 'receipt', 'transaction']);

    const matched = await cast.client.post('accounting/receipt/update/match/', { receipt: a.pk, transaction: c1!.pk });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({ pk: a.pk, transaction: c1!.pk, status: 'MATCHED_TO_PLATFORM' });
    expect((await attachmentsOf(c1!.pk)).length).toBe(1);
    // Matching it again elsewhere is refused; the charge is now this receipt's.
    const again = await cast.client.post('accounting/receipt/update/match/', { receipt: a.pk, transaction: c2!.pk });
    expect(again.json()).toEqual({ receipt: ['This receipt is already matched to another transaction.'] });

    // The accountant matches two more at once; one charge already taken refuses the whole batch.
    const b = await upload(cast.admin, pk, 'b.pdf', await textLayerPdf(TEST_RECEIPTS.restaurant));
    const c = await upload(cast.admin, pk, 'c.pdf', await textLayerPdf(TEST_RECEIPTS.fuel));
    await t.runJobs();
    const refused = await cast.admin.post('accounting/receipts/bulk/match/', {
      matches: [
        { receipt: b.pk, transaction: c2!.pk },
        { receipt: c.pk, transaction: c1!.pk },
      ],
    });
    expect(refused.json()).toEqual({ transaction: ['Another receipt is already matched to this transaction.'] });
    expect((await receiptRow(b.pk)).transactionId).toBeNull();
    const bulk = await cast.admin.post('accounting/receipts/bulk/match/', {
      matches: [
        { receipt: b.pk, transaction: c2!.pk },
        { receipt: c.pk, transaction: c3!.pk },
      ],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().map((x: { transaction: number }) => x.transaction)).toEqual([c2!.pk, c3!.pk]);
    expect((await attachmentsOf(c3!.pk)).length).toBe(1);
  });

  it('a receipt in the firm inbox must be given to a company first', async () => {
    const cast = await signedInCast(t.db, newClient);
    const { body, headers } = multipartFiles({}, [{ name: 'inbox.pdf', bytes: groceryPdf }]);
    const [inbox] = (await cast.admin.request('POST', 'accounting/receipt/create/', { body, headers })).json();
    const found = await cast.admin.post('accounting/receipt/matches/new/', { receipt: inbox.pk });
    expect(found.json()).toEqual({ receipt: ['Give the receipt to a client company before matching it.'] });
  });

  it('a restricted client is offered and may pick only charges of their accounts; a client who may not attach may not match', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET,-29.67,Checking', '2026-03-16,GREEN VALLEY MARKET,-29.67,Visa']);
    const charges = await chargesOf(pk);
    const onVisa = charges.find((c) => c.date === '2026-03-16')!;
    const onChecking = charges.find((c) => c.date === '2026-03-15')!;
    const restricted = await cast.admin.post('accounting/accountant/user-account-restrictions/', {
      client_company: pk,
      user: cast.clientUser.userId,
      account: onVisa.paymentAccountId,
      kind: 'PAYMENT_ACCOUNT',
    });
    expect(restricted.statusCode).toBe(201);
    const r = await upload(cast.client, pk);
    await t.runJobs();
    // Two equal charges: suggestions only, of the whole company, kept for the accountant.
    expect((await matchesOf(r.pk)).length).toBe(2);
    const found = await cast.client.post('accounting/receipt/matches/new/', { receipt: r.pk });
    expect(found.json().suggestions.map((x: { transaction: { pk: number } }) => x.transaction.pk)).toEqual([onVisa.pk]);
    expect((await matchesOf(r.pk)).length).toBe(2);
    expect((await cast.client.post('accounting/receipt/update/match/', { receipt: r.pk, transaction: onChecking.pk })).statusCode).toBe(404);

    await t.db
      .update(clientCompanies)
      .set({ clientEditableFields: ['memo'] })
      .where(eq(clientCompanies.pk, pk));
    const refused = await cast.client.post('accounting/receipt/update/match/', { receipt: r.pk, transaction: onVisa.pk });
    expect(refused.json()).toEqual({ detail: 'This client may not add attachments, so may not match receipts.' });
    expect((await receiptRow(r.pk)).transactionId).toBeNull();
    // The accountant may.
    expect((await cast.admin.post('accounting/receipt/update/match/', { receipt: r.pk, transaction: onChecking.pk })).json()).toMatchObject({
      transaction: onChecking.pk,
    });
  });
});
