import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 65);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let fileNo = 0;
/** One receipt, each with its own bytes so none is flagged as another's duplicate. */
const uploadOne = async (client: TestClient, companyPk: number | null) => {
  fileNo += 1;
  const fields: Record<string, string> = companyPk === null ? {} : { client_company: String(companyPk) };
  const { body, headers } = multipartFiles(fields, [{ name: `r${fileNo}.pdf`, bytes: Buffer.concat([PDF_BYTES, Buffer.from(`% ${fileNo}`)]) }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json()[0] as { pk: number };
};
const counters = (client: TestClient, companyPk: number) => client.get(`accounting/client/company/${companyPk}/counters/`);

describe('the client’s counters count open receipts', () => {
  it('counts the company’s active receipts beside the transactions, not the done, hidden, inbox or other companies’ ones', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await counters(cast.client, pk)).json()).toEqual({
      active: 0,
      categorized: 0,
      hidden: 0,
      sync_errors: 0,
      completed: 0,
      processing: 0,
      open_receipts: 0,
      open_requests: 0,
    });
    const [a, b, c] = [await uploadOne(cast.client, pk), await uploadOne(cast.client, pk), await uploadOne(cast.admin, pk)];
    await uploadOne(cast.admin, null);
    const other = await signedInCast(t.db, newClient);
    await uploadOne(other.client, other.clientUser.companyId);
    expect((await counters(cast.client, pk)).json().open_receipts).toBe(3);

    expect((await cast.client.patch(`accounting/client/company/${pk}/receipts/update/`, { receipts: [{ pk: a.pk, finished: true }] })).statusCode).toBe(200);
    expect((await cast.client.post(`accounting/client/company/${pk}/receipts/hide/`, { pks: [b.pk] })).statusCode).toBe(204);
    expect((await counters(cast.client, pk)).json().open_receipts).toBe(1);
    // A receipt being worked on or refused by the ledger still waits.
    await t.db.update(receipts).set({ status: 'SYNC_ERROR' }).where(eq(receipts.pk, c.pk));
    expect((await counters(cast.client, pk)).json().open_receipts).toBe(1);
    // The accountant's own counters are unchanged in shape.
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/counters/`)).json()).not.toHaveProperty('open_receipts');
  });

  it('a restricted client user counts only the receipts they see; staff viewing as the client count them all', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    await uploadOne(cast.client, pk);
    const onFuel = await uploadOne(cast.admin, pk);
    const onRent = await uploadOne(cast.admin, pk);
    await uploadOne(cast.admin, pk);
    // Only the link is set (they stay active): who sees a receipt follows the transaction it is matched to.
    await t.db.update(receipts).set({ transactionId: fuel }).where(eq(receipts.pk, onFuel.pk));
    await t.db.update(receipts).set({ transactionId: rent }).where(eq(receipts.pk, onRent.pk));
    expect((await counters(cast.client, pk)).json().open_receipts).toBe(2);
    expect((await counters(cast.admin, pk)).json().open_receipts).toBe(4);
  });

  it('another client’s or firm’s company is not found', async () => {
    const cast = await signedInCast(t.db, newClient);
    const other = await signedInCast(t.db, newClient);
    expect((await counters(other.client, cast.clientUser.companyId)).statusCode).toBe(404);
    expect((await counters(cast.otherFirmAdmin, cast.clientUser.companyId)).statusCode).toBe(404);
    expect((await counters(cast.client, 2_147_483_648)).statusCode).toBe(404);
  });
});
