import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { s3Driver } from './s3-driver.js';
import { clientMaker, type TestClient } from '../../../test/client.js';
import { bankCsv, signedInCast } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { PDF_BYTES, multipart } from '../../../test/multipart.js';
import { startTestS3, type TestS3 } from '../../../test/s3.js';

/** The attachments flow with files in S3 (an S3-protocol server in this process), as a deployment of several API processes keeps them. */
let t: TestApp;
let s3: TestS3;
const newClient = clientMaker(() => t.app, 16);

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ s3: s3.settings });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const upload = async (client: TestClient, companyPk: number, name: string, bytes: Buffer) => {
  const { body, headers } = multipart({ client_company: String(companyPk) }, { name, bytes });
  return client.request('POST', 'storage/file/create/', { body, headers });
};

const storageKeyOf = async (pk: number) => (await t.db.select({ key: files.storageKey }).from(files).where(eq(files.pk, pk)))[0]!.key;

describe('attachments stored in S3', () => {
  it('the app stores uploads in the bucket', () => {
    expect(t.app.deps.storage.name).toBe('s3');
  });

  it('a client uploads a receipt and attaches it; the accountant downloads it; detaching and deleting remove it from the bucket', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await cast.admin.request(
      'POST',
      `accounting/accountant/client-company/${pk}/transactions/import-csv/`,
      multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(1)) }),
    );
    const [tx] = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number }[];

    // Half a megabyte: several chunks each way.
    const receiptBytes = Buffer.concat([PDF_BYTES, Buffer.alloc(512 * 1024, 0x78)]);
    const created = await upload(cast.client, pk, 'receipt.pdf', receiptBytes);
    expect(created.statusCode).toBe(201);
    const receipt = created.json();
    const key = await storageKeyOf(receipt.pk);
    expect(await s3.keys()).toContain(key);

    const attached = await cast.client.post(`accounting/transaction/${tx!.pk}/attachments/`, { file: receipt.pk });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().attachments).toEqual([expect.objectContaining({ file: receipt.pk, name: 'receipt.pdf', content_type: 'application/pdf' })]);

    const download = await cast.admin.get(receipt.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(receiptBytes)).toBe(true);

    const zip = await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=${tx!.pk}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from('receipt.pdf'))).toBe(true);

    const attachmentPk = attached.json().attachments[0].pk;
    expect((await cast.client.delete(`accounting/transaction/${tx!.pk}/attachments/${attachmentPk}/`)).statusCode).toBe(204);
    expect((await cast.admin.delete(`storage/file/delete/${receipt.pk}/`)).statusCode).toBe(204);
    expect(await s3.keys()).not.toContain(key);
    expect((await cast.admin.get(receipt.url)).statusCode).toBe(404);
  });

  it('a file whose bytes were removed from the bucket behind Herd’s back answers 404, not a broken download', async () => {
    const cast = await signedInCast(t.db, newClient);
    const receipt = (await upload(cast.client, cast.clientUser.companyId, 'gone.pdf', PDF_BYTES)).json();
    await s3Driver(s3.settings, 10_000).delete(await storageKeyOf(receipt.pk));
    const res = await cast.admin.get(receipt.url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'This file’s contents are no longer stored.' });
  });
});
