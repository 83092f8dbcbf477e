import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 62);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const uploadOne = async (client: TestClient, companyPk: number, name = 'r.pdf', bytes = PDF_BYTES) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name, bytes }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json()[0] as { pk: number; file: { pk: number } };
};
const acc = (pk: number, rest: string) => `accounting/accountant/client-company/${pk}/receipts/${rest}`;
const cli = (pk: number, rest: string) => `accounting/client/company/${pk}/receipts/${rest}`;
const pksOf = (res: { json(): { results: { pk: number }[] } }) => res.json().results.map((r) => r.pk);

describe('receipt fields, lists and actions', () => {
  it('a person’s edit of a read field is certain and marked edited; clearing it empties it; bad values are field errors', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk);
    const res = await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: r.pk, vendor: 'Corner Café', date: '2026-11-20', total: '12.50', currency: 'eur' }] });
    expect(res.statusCode).toBe(200);
    const edited = res.json()[0];
    expect([edited.vendor, edited.date, edited.total, edited.currency]).toEqual([
      { value: 'Corner Café', confidence: 1, edited: true },
      { value: '2026-11-20', confidence: 1, edited: true },
      { value: '12.50', confidence: 1, edited: true },
      { value: 'EUR', confidence: 1, edited: true },
    ]);
    const cleared = (await cast.admin.patch(acc(pk, 'update/'), { receipts: [{ pk: r.pk, vendor: null }] })).json()[0];
    expect(cleared.vendor).toEqual({ value: null, confidence: null, edited: true });
    expect(cleared.total.value).toBe('12.50');
    const bad = await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: r.pk, total: '12.345', date: '20/11/2026', currency: 'euro' }] });
    expect(bad.json()).toEqual({
      'receipts.0.total': ['Total is not valid.'],
      'receipts.0.date': ['Date is not valid.'],
      'receipts.0.currency': ['Currency is not valid.'],
    });
  });

  it('done moves a receipt to the completed lists; the accountant sends it back with a note; hide and unhide on both sides', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk);
    expect((await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: r.pk, finished: true }] })).json()[0].status).toBe('FINISHED_IN_HERD');
    expect(pksOf(await cast.client.get(cli(pk, 'completed-list/')))).toEqual([r.pk]);
    expect(pksOf(await cast.admin.get(acc(pk, 'completed-list/')))).toEqual([r.pk]);
    expect(pksOf(await cast.admin.get(acc(pk, 'list/')))).toEqual([]);
    expect((await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: r.pk, finished: true }] })).json()).toEqual({
      'receipts.0.finished': ['This receipt is already done.'],
    });

    expect((await cast.admin.post(acc(pk, 'back/'), { pks: [r.pk], message: 'Which project was this for?' })).statusCode).toBe(204);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([r.pk]);
    const thread = (await cast.client.get(`accounting/notes/receipt/${r.pk}/note/list/`)).json();
    expect(thread.map((n: { sender: string; body: string }) => [n.sender, n.body])).toEqual([['ACCOUNTANT', 'Which project was this for?']]);
    expect((await cast.admin.post(acc(pk, 'back/'), { pks: [r.pk] })).json()).toEqual({ pks: ['Only receipts marked as done can be sent back to the client.'] });

    expect((await cast.client.post(cli(pk, 'hide/'), { pks: [r.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.admin.get(acc(pk, 'hidden-list/')))).toEqual([r.pk]);
    expect((await cast.client.get(cli(pk, 'counters/'))).json()).toMatchObject({ active: 0, hidden: 1 });
    expect((await cast.admin.post(acc(pk, 'unhide/'), { pks: [r.pk] })).statusCode).toBe(204);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([r.pk]);
  });

  it('the accountant moves a receipt to another company of the firm; a client cannot, nor to another firm’s company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const second = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Second Co', connection_kind: 'CONNECTIONLESS' })).json()
      .pk as number;
    const foreign = await signedInCast(t.db, newClient);
    const r = await uploadOne(cast.client, pk);
    expect((await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: r.pk, client_company: second }] })).json()).toEqual({
      'receipts.0.client_company': ['Only your accountant can move a receipt to another company.'],
    });
    expect((await cast.admin.patch(acc(pk, 'update/'), { receipts: [{ pk: r.pk, client_company: foreign.clientUser.companyId }] })).json()).toEqual({
      'receipts.0.client_company': ['Client company is not valid.'],
    });
    expect(
      (await cast.admin.get(acc(pk, 'list/choices/')))
        .json()
        .companies.map((c: { pk: number }) => c.pk)
        .sort(),
    ).toEqual([pk, second].sort());
    expect((await cast.admin.patch(acc(pk, 'update/'), { receipts: [{ pk: r.pk, client_company: second }] })).json()[0].client_company).toEqual({
      pk: second,
      name: 'Second Co',
    });
    expect(pksOf(await cast.admin.get(acc(second, 'list/')))).toEqual([r.pk]);
    expect(pksOf(await cast.client.get(cli(pk, 'list/')))).toEqual([]);
  });

  it('the open work per company counts each company’s active receipts, not done, hidden or inbox ones, for those who see the company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const [open, done, hidden] = [await uploadOne(cast.client, pk), await uploadOne(cast.client, pk), await uploadOne(cast.client, pk)];
    await uploadOne(cast.client, pk);
    await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: done.pk, finished: true }] });
    await cast.client.post(cli(pk, 'hide/'), { pks: [hidden.pk] });
    // One for the firm's inbox: no company's work.
    const { body, headers } = multipartFiles({}, [{ name: 'inbox.pdf', bytes: PDF_BYTES }]);
    expect((await cast.admin.request('POST', 'accounting/receipt/create/', { body, headers })).statusCode).toBe(201);
    const counts = async (client: TestClient) => (await client.get('accounting/accountant/client-companies/transactions/count/')).json();
    expect(await counts(cast.admin)).toEqual([{ client_company: pk, waiting_for_client: 0, to_review: 0, sync_errors: 0, open_receipts: 2, open_requests: 0 }]);
    expect(await counts(cast.teamMember)).toEqual([]);
    const other = await signedInCast(t.db, newClient);
    expect(await counts(other.admin)).toEqual([]);
    await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: open.pk, finished: true }] });
    expect((await counts(cast.admin))[0].open_receipts).toBe(1);
  });

  it('another firm or another client gets 404 for every list, action and thread of the company’s receipts', async () => {
    const cast = await signedInCast(t.db, newClient);
    const other = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk);
    for (const path of ['list/', 'completed-list/', 'hidden-list/', 'counters/', 'list/choices/', 'zip/', 'completed-zip/']) {
      expect((await cast.otherFirmAdmin.get(acc(pk, path))).statusCode).toBe(404);
    }
    for (const path of ['list/', 'completed-list/', 'hidden-list/', 'counters/']) expect((await other.client.get(cli(pk, path))).statusCode).toBe(404);
    expect((await other.client.post(cli(pk, 'hide/'), { pks: [r.pk] })).statusCode).toBe(404);
    // The pk of a receipt of another company, through one's own company: 404 too.
    expect((await other.client.post(cli(other.clientUser.companyId, 'hide/'), { pks: [r.pk] })).statusCode).toBe(404);
    expect((await other.admin.patch(acc(other.clientUser.companyId, 'update/'), { receipts: [{ pk: r.pk, note: 'x' }] })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`accounting/notes/receipt/${r.pk}/note/list/`)).statusCode).toBe(404);
    expect((await other.client.post(`accounting/notes/receipt/${r.pk}/note/create/`, { body: 'hello' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`accounting/receipt/${r.pk}/transaction_details/`)).statusCode).toBe(404);
    expect((await other.client.get(`storage/file/retrieve/${r.file.pk}/`)).statusCode).toBe(404);
    expect((await cast.client.get(acc(pk, 'list/'))).statusCode).toBe(403);
  });

  it('a restricted client user sees only the receipts they handed over and those matched to a transaction of their accounts', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    const own = await uploadOne(cast.client, pk, 'mine.png', PNG_1X1);
    const onFuel = await uploadOne(cast.admin, pk, 'fuel.pdf');
    const onRent = await uploadOne(cast.admin, pk, 'rent.pdf', Buffer.concat([PDF_BYTES, Buffer.from('% rent')]));
    const loose = await uploadOne(cast.admin, pk, 'loose.pdf', Buffer.concat([PDF_BYTES, Buffer.from('% loose')]));
    await t.db.update(receipts).set({ transactionId: fuel }).where(eq(receipts.pk, onFuel.pk));
    await t.db.update(receipts).set({ transactionId: rent }).where(eq(receipts.pk, onRent.pk));
    expect(pksOf(await cast.client.get(cli(pk, 'list/?ordering=created_at')))).toEqual([own.pk, onFuel.pk]);
    expect((await cast.client.get(cli(pk, 'counters/'))).json().active).toBe(2);
    expect(pksOf(await cast.admin.get(acc(pk, 'list/')))).toHaveLength(4);
    expect((await cast.client.get(`accounting/notes/receipt/${onRent.pk}/note/list/`)).statusCode).toBe(404);
    expect((await cast.client.post(cli(pk, 'hide/'), { pks: [loose.pk] })).statusCode).toBe(404);
    expect((await cast.client.get(`storage/file/retrieve/${onFuel.file.pk}/`)).statusCode).toBe(200);
    expect((await cast.client.get(`storage/file/retrieve/${onRent.file.pk}/`)).statusCode).toBe(404);
    const details = (await cast.client.get(`accounting/receipt/${onFuel.pk}/transaction_details/`)).json();
    expect([details.receipt, details.transaction.pk, details.transaction.description]).toEqual([onFuel.pk, fuel, 'Fuel']);
    expect((await cast.client.get(`accounting/receipt/${own.pk}/transaction_details/`)).json()).toEqual({ receipt: own.pk, transaction: null, match: null });
  });

  it('zips a company’s active and completed receipts as streamed downloads; an empty list is a clear error', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const a = await uploadOne(cast.client, pk, 'taxi.pdf');
    await uploadOne(cast.client, pk, 'dinner.png', PNG_1X1);
    await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: a.pk, vendor: 'City Cabs', date: '2026-11-02' }] });
    const active = await cast.admin.get(acc(pk, 'zip/'));
    expect(active.statusCode).toBe(200);
    expect(active.headers['content-type']).toBe('application/zip');
    expect(active.headers['content-disposition']).toBe(`attachment; filename="receipts-active-${pk}.zip"`);
    expect(active.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(active.rawPayload.includes(Buffer.from('2026-11-02 City Cabs taxi.pdf'))).toBe(true);
    expect(active.rawPayload.includes(Buffer.from('dinner.png'))).toBe(true);
    expect((await cast.admin.get(acc(pk, 'completed-zip/'))).json()).toEqual({ detail: 'There are no completed receipts to download.' });
    await cast.client.patch(cli(pk, 'update/'), { receipts: [{ pk: a.pk, finished: true }] });
    const completed = await cast.admin.get(acc(pk, 'completed-zip/'));
    expect(completed.rawPayload.includes(Buffer.from('City Cabs taxi.pdf'))).toBe(true);
    expect(completed.rawPayload.includes(Buffer.from('dinner.png'))).toBe(false);
  });

  it('notes on a receipt work as on a transaction: both sides write, only the author edits', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk);
    const mine = await cast.client.post(`accounting/notes/receipt/${r.pk}/note/create/`, { body: 'Client dinner, 4 people' });
    expect(mine.statusCode).toBe(201);
    expect((await cast.admin.post(`accounting/notes/receipt/${r.pk}/note/create/`, { body: 'Thanks!' })).statusCode).toBe(201);
    const notePk = mine.json().pk as number;
    expect((await cast.admin.patch(`accounting/notes/receipt/note/update/${notePk}/`, { body: 'changed' })).statusCode).toBe(403);
    expect((await cast.client.patch(`accounting/notes/receipt/note/update/${notePk}/`, { body: 'Client dinner, 5 people' })).json().edited).toBe(true);
    // A receipt's note is not reachable as a transaction's.
    expect((await cast.client.patch(`accounting/notes/transaction/note/update/${notePk}/`, { body: 'x' })).statusCode).toBe(404);
    const listed = (await cast.admin.get(acc(pk, 'list/'))).json().results[0];
    expect(listed.notes_count).toBe(2);
    expect((await t.lastMailTo(cast.clientUser.email)).includes('Thanks!')).toBe(true);
  });
});
