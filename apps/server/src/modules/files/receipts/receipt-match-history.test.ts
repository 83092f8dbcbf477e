import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { importCharges } from '../../../../test/bank-rows.js';
import { multipartFiles } from '../../../../test/multipart.js';
import { TEST_RECEIPTS, textLayerPdf } from '../../../../test/receipt-images.js';
import { transactions } from '../../../db/schema/index.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 65);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Green Valley Market, 2026-03-14, $29.67, read from its text layer. */
let groceryPdf: Buffer;
beforeAll(async () => {
  groceryPdf = await textLayerPdf(TEST_RECEIPTS.grocery);
});

const upload = async (client: TestClient, companyPk: number) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name: 'grocery.pdf', bytes: groceryPdf }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  expect(res.statusCode).toBe(201);
  return res.json()[0] as { pk: number };
};

type Entry = { action: string; actor: { name: string; side: string } | null; message: string; at: string };
const historyOf = async (admin: TestClient, companyPk: number, txPk: number) =>
  (await admin.get(`accounting/accountant/client-company/${companyPk}/transactions/${txPk}/history/`)).json().entries as Entry[];

describe('a matched receipt in its transaction’s history', () => {
  it('says Herd matched it, which receipt, and when, for an automatic match', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await importCharges(cast.admin, pk, ['2026-03-15,GREEN VALLEY MARKET SPRINGFIELD,-29.67,Visa']);
    await t.runJobs();
    await upload(cast.client, pk);
    await t.runJobs();
    const [charge] = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));
    const matched = (await historyOf(cast.admin, pk, charge!.pk)).filter((e) => e.action === 'transaction.receipt_match');
    expect(matched).toEqual([
      {
        pk: expect.any(Number),
        action: 'transaction.receipt_match',
        at: expect.any(String),
        actor: null,
        from: null,
        to: null,
        message: 'The receipt from Green Valley Market was matched to this transaction; its file is attached.',
        viewing_as_client: false,
        changed: [],
        via: null,
      },
    ]);
  });

  it('names the person who matched it by hand', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const receipt = await upload(cast.client, pk);
    await t.runJobs();
    // Another vendor and amount: never suggested, but a person may pick it.
    await importCharges(cast.admin, pk, ['2026-05-01,CASH WITHDRAWAL,-40.00,Visa']);
    await t.runJobs();
    const [charge] = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));
    expect((await historyOf(cast.admin, pk, charge!.pk)).map((e) => e.action)).not.toContain('transaction.receipt_match');
    expect((await cast.admin.post('accounting/receipt/update/match/', { receipt: receipt.pk, transaction: charge!.pk })).statusCode).toBe(200);
    const [entry] = (await historyOf(cast.admin, pk, charge!.pk)).filter((e) => e.action === 'transaction.receipt_match');
    expect(entry).toMatchObject({
      actor: { side: 'accountant' },
      message: 'The receipt from Green Valley Market was matched to this transaction; its file is attached.',
    });
    // Another firm still cannot read the history.
    expect((await cast.otherFirmAdmin.get(`accounting/accountant/client-company/${pk}/transactions/${charge!.pk}/history/`)).statusCode).toBe(404);
  });
});
