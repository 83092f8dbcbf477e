import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { accPath, createCommunication, uploadFile } from '../../../../test/communications.js';
import { documentsOf, namesOf } from '../../../../test/documents.js';
import { bankCsv, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart, multipartFiles, PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 8);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A company with two imported transactions, a receipt the client sent, a report sharing a file and an attachment on a transaction. */
const world = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await cast.admin.request(
    'POST',
    `accounting/accountant/client-company/${pk}/transactions/import-csv/`,
    multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(2)) }),
  );
  const receipt = multipartFiles({ client_company: String(pk) }, [{ name: 'lunch.png', bytes: PNG_1X1 }]);
  expect((await cast.client.request('POST', 'accounting/receipt/create/', receipt)).statusCode).toBe(201);
  const shared = await uploadFile(cast.admin, pk, 'engagement letter.pdf');
  const report = await createCommunication(cast.admin, pk, { kind: 'REPORT', subject: 'Engagement', attachments: [shared] });
  const txs = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number }[];
  const attached = await uploadFile(cast.client, pk, 'invoice.pdf', Buffer.concat([PDF_BYTES, Buffer.from('% invoice')]));
  expect((await cast.client.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: attached })).statusCode).toBe(200);
  return { cast, pk, report, txs };
};

describe('smart folders', () => {
  it('list the files that live elsewhere, linked to their object, read-only, without copies', async () => {
    const { cast, pk, report, txs } = await world();
    const firm = documentsOf(cast.admin, pk, 'accountant');
    const receipts = await firm.list('?smart=RECEIPTS');
    expect(receipts.json()).toMatchObject({
      count: 1,
      folder: { smart: 'RECEIPTS', writable: false },
      path: [{ name: 'Documents' }, { name: 'Receipts', smart: 'RECEIPTS' }],
    });
    expect(receipts.json().results[0]).toMatchObject({ name: 'lunch.png', read_only: true, smart: 'RECEIPTS', link: { type: 'RECEIPT' } });
    const requests = (await firm.list('?smart=REQUESTS')).json().results;
    expect(requests).toEqual([expect.objectContaining({ name: 'engagement letter.pdf', link: { type: 'COMMUNICATION', pk: report.pk, label: 'Engagement' } })]);
    const transactions = (await firm.list('?smart=TRANSACTIONS')).json().results;
    expect(transactions).toEqual([expect.objectContaining({ name: 'invoice.pdf', link: expect.objectContaining({ type: 'TRANSACTION', pk: txs[0]!.pk }) })]);
    // Each opens through the storage module's own rule.
    expect((await cast.client.get(transactions[0].url)).statusCode).toBe(200);
    // Searching reads the object's words too, and says how many the search hides.
    const found = (await firm.list('?smart=REQUESTS&search=engage')).json();
    expect(found).toMatchObject({ count: 1, total: 1 });
    expect((await firm.list('?smart=REQUESTS&search=nothing-like-it')).json()).toMatchObject({ count: 0, total: 1, results: [] });
    // Nothing was copied into the company's own documents.
    expect(namesOf(await firm.list())).toEqual(['Receipts', 'Requests', 'Transactions', expect.any(String), expect.any(String)]);
    // Read-only: they cannot be zipped, moved or deleted as documents.
    expect((await firm.move([transactions[0].pk], null)).statusCode).toBe(404);
  });

  it('shows the client what they see elsewhere: a hidden request stays the firm’s', async () => {
    const { cast, pk, report } = await world();
    const client = documentsOf(cast.client, pk, 'client');
    expect((await client.list('?smart=REQUESTS')).json().count).toBe(1);
    expect((await cast.admin.post(accPath(pk, 'hide/'), { pks: [report.pk] })).statusCode).toBe(204);
    expect((await client.list('?smart=REQUESTS')).json().count).toBe(0);
    expect((await documentsOf(cast.admin, pk, 'accountant').list('?smart=REQUESTS')).json().count).toBe(1);
    expect((await client.list('?smart=RECEIPTS')).json().count).toBe(1);
    const other = await signedInCast(t.db, newClient);
    expect((await documentsOf(other.client, pk, 'client').list('?smart=RECEIPTS')).statusCode).toBe(404);
    expect((await client.list('?smart=RECEIPTS&folder=1')).json()).toEqual({ smart: ['Choose a folder or a smart folder, not both.'] });
  });

  it('keeps a restricted client to the attachments of their accounts’ transactions', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    for (const [txPk, name] of [
      [fuel, 'fuel.pdf'],
      [rent, 'rent.pdf'],
    ] as const) {
      const file = await uploadFile(cast.admin, pk, name, Buffer.concat([PDF_BYTES, Buffer.from(name)]));
      expect((await cast.admin.post(`accounting/transaction/${txPk}/attachments/`, { file })).statusCode).toBe(200);
    }
    expect(namesOf(await documentsOf(cast.admin, pk, 'accountant').list('?smart=TRANSACTIONS'))).toEqual(['fuel.pdf', 'rent.pdf']);
    expect(namesOf(await documentsOf(cast.client, pk, 'client').list('?smart=TRANSACTIONS'))).toEqual(['fuel.pdf']);
  });
});
