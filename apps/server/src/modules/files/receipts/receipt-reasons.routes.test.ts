import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MATCH_WEIGHTS } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { importCharges } from '../../../../test/bank-rows.js';
import { multipartFiles } from '../../../../test/multipart.js';
import { TEST_RECEIPTS, textLayerPdf } from '../../../../test/receipt-images.js';
import { receiptMatches, transactions } from '../../../db/schema/index.js';
import { scoreCandidate } from './matching/score.rule.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);
/** Green Valley Market, 2026-03-14, $29.67, read from its text layer. */
let groceryPdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  groceryPdf = await textLayerPdf(TEST_RECEIPTS.grocery);
});
afterAll(async () => {
  await t?.close();
});

const upload = async (client: TestClient, companyPk: number) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name: 'grocery.pdf', bytes: groceryPdf }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  expect(res.statusCode).toBe(201);
  return (res.json() as { pk: number }[])[0]!.pk;
};

/** The company's charges by their description. */
const chargePks = async (companyPk: number) =>
  Object.fromEntries((await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk))).map((c) => [c.description, c.pk]));

type Reasons = {
  match: { transaction: number; score: number | null; parts: { kind: string; points: number }[]; automatic: boolean | null; recorded: boolean } | null;
  passed_over: { transaction: { pk: number }; score: number; why: string }[];
  twin: { receipt: { pk: number }; same_file: boolean } | null;
};
const reasonsOf = async (client: TestClient, receiptPk: number) => {
  const res = await client.get(`accounting/receipt/${receiptPk}/reasons/`);
  expect(res.statusCode).toBe(200);
  return res.json() as Reasons;
};

describe('a receipt’s reasons', () => {
  it('an automatic match records why it won and which charges lost, and answers them to both sides', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa', '2026-03-15,SHELL OIL 5512,-29.67,Visa']);
    await t.runJobs();
    const receiptPk = await upload(cast.client, pk);
    await t.runJobs();
    const charges = await chargePks(pk);

    for (const who of [cast.admin, cast.client]) {
      const reasons = await reasonsOf(who, receiptPk);
      expect(reasons.match).toMatchObject({ transaction: charges['GREEN VALLEY MARKET SPRINGFIELD'], automatic: true, recorded: true });
      expect(reasons.match!.parts.map((p) => p.kind)).toEqual(['AMOUNT', 'DATE', 'VENDOR', 'CURRENCY']);
      // The shell charge agreed on amount, date and currency but not the vendor: it lost on score.
      expect(reasons.passed_over).toEqual([expect.objectContaining({ transaction: expect.objectContaining({ pk: charges['SHELL OIL 5512'] }), why: 'LOWER_SCORE' })]);
      expect(reasons.passed_over[0]!.score).toBeLessThan(reasons.match!.score! - 0.15);
      expect(reasons.twin).toBeNull();
    }
    // Another firm cannot ask.
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.get(`accounting/receipt/${receiptPk}/reasons/`)).statusCode).toBe(404);
    expect((await cast.admin.get('accounting/receipt/0/reasons/')).statusCode).toBe(404);

    // A match made before the decision was kept: its parts still answer, and it says the rest was not recorded.
    await t.db.update(receiptMatches).set({ decision: null }).where(eq(receiptMatches.receiptId, receiptPk));
    const old = await reasonsOf(cast.admin, receiptPk);
    expect(old.match).toMatchObject({ automatic: null, recorded: false });
    expect(old.match!.parts).toHaveLength(4);
    expect(old.passed_over).toEqual([]);
  });

  it('a person’s match records the suggestions passed over, and the charges turned down say so', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, [
      '2026-03-15,GREEN VALLEY MARKET,-29.67,Visa',
      '2026-03-15,GREEN VALLEY MARKET #2,-29.67,Visa',
      '2026-03-15,SHELL OIL 5512,-29.67,Visa',
    ]);
    await t.runJobs();
    const receiptPk = await upload(cast.client, pk);
    await t.runJobs();
    const charges = await chargePks(pk);
    // Two charges fit equally: nothing matched by itself; the open prompt lists none as lost yet.
    expect((await reasonsOf(cast.client, receiptPk)).match).toBeNull();

    const first = charges['GREEN VALLEY MARKET']!;
    const second = charges['GREEN VALLEY MARKET #2']!;
    expect((await cast.client.post('accounting/receipt/update/match/', { receipt: receiptPk, transaction: first, action: 'reject' })).statusCode).toBe(200);
    const open = await reasonsOf(cast.client, receiptPk);
    expect(open.passed_over.map((p) => [p.transaction.pk, p.why])).toEqual([[first, 'TURNED_DOWN']]);

    expect((await cast.client.post('accounting/receipt/update/match/', { receipt: receiptPk, transaction: second })).statusCode).toBe(200);
    const reasons = await reasonsOf(cast.admin, receiptPk);
    expect(reasons.match).toMatchObject({ transaction: second, automatic: false, recorded: true });
    expect(reasons.passed_over.map((p) => [p.transaction.pk, p.why])).toEqual([
      [charges['SHELL OIL 5512'], 'NOT_CHOSEN'],
      [first, 'TURNED_DOWN'],
    ]);
  });

  it('a restricted client is told only of charges on their accounts', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET,-29.67,Checking', '2026-03-16,GREEN VALLEY MARKET,-29.67,Visa']);
    const charges = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));
    const onVisa = charges.find((c) => c.date === '2026-03-16')!;
    const onChecking = charges.find((c) => c.date === '2026-03-15')!;
    const restricted = await cast.admin.post('accounting/accountant/user-account-restrictions/', {
      client_company: pk,
      user: cast.clientUser.userId,
      account: onVisa.paymentAccountId,
      kind: 'PAYMENT_ACCOUNT',
    });
    expect(restricted.statusCode).toBe(201);
    const receiptPk = await upload(cast.client, pk);
    await t.runJobs();
    expect((await cast.client.post('accounting/receipt/update/match/', { receipt: receiptPk, transaction: onVisa.pk })).statusCode).toBe(200);
    // The accountant sees the charge on Checking that was passed over; the client, who does not see that account, is not told of it.
    expect((await reasonsOf(cast.admin, receiptPk)).passed_over.map((p) => [p.transaction.pk, p.why])).toEqual([[onChecking.pk, 'NOT_CHOSEN']]);
    const own = await reasonsOf(cast.client, receiptPk);
    expect(own.match).toMatchObject({ transaction: onVisa.pk, automatic: false, recorded: true });
    expect(own.passed_over).toEqual([]);
  });

  it('a duplicate answers the earlier receipt it repeats', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const earlier = await upload(cast.client, pk);
    await t.runJobs();
    const again = await upload(cast.client, pk);
    await t.runJobs();
    const reasons = await reasonsOf(cast.admin, again);
    expect(reasons.twin).toMatchObject({ receipt: { pk: earlier }, same_file: true });
    expect((await reasonsOf(cast.client, earlier)).twin).toBeNull();
  });

  it('the weights the screens show are what each part of the score reaches at most', () => {
    const perfect = scoreCandidate(
      { vendor: 'Green Valley Market', date: '2026-03-14', total: '29.67', currency: 'USD' },
      { pk: 1, date: '2026-03-14', amount: '29.67', currency: 'USD', payee: 'Green Valley Market', description: '', merchantKey: null },
    );
    expect(Object.fromEntries(perfect.parts.map((p) => [p.kind, p.points]))).toEqual(RECEIPT_MATCH_WEIGHTS);
  });
});
