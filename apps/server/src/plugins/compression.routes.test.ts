import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../test/client.js';
import { bankCsv, signedInCast } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PNG_1X1, multipart } from '../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 16);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A company with 30 imported transactions (a list answer of several KB) and a receipt on the first. */
const companyWithWork = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await cast.admin.request(
    'POST',
    `accounting/accountant/client-company/${pk}/transactions/import-csv/`,
    multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(30)) }),
  );
  const list = `accounting/accountant/client-company/${pk}/transactions/list/?page_size=30`;
  const first = (await cast.admin.get(list)).json().results[0] as { pk: number };
  const upload = multipart({ client_company: String(pk) }, { name: 'receipt.png', bytes: PNG_1X1 });
  const file = (await cast.client.request('POST', 'storage/file/create/', upload)).json() as { pk: number };
  await cast.client.post(`accounting/transaction/${first.pk}/attachments/`, { file: file.pk });
  return { cast, pk, list, first };
};

describe('compressed answers', () => {
  it('compresses a large API answer in the encoding the browser prefers, the same JSON once decoded', async () => {
    const { cast, list } = await companyWithWork();
    const plain = await cast.admin.get(list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await cast.admin.get(list, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await cast.admin.get(list, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ url: '/api/healthcheck/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('streams a zip of receipts untouched: no second compression, no length known in advance', async () => {
    const { cast, pk, first } = await companyWithWork();
    const zip = await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=${first.pk}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.headers['content-length']).toBeUndefined();
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('receipt.png'))).toBe(true);
  });
});
