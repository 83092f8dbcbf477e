import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { RECEIPT_UPLOAD_MAX_FILES } from '@herd/contract';
import { multipartFiles, PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 66);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('many photos in one go', () => {
  it('makes twenty photos sent at once twenty receipts, and refuses a twenty-first whole', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = cast.clientUser.companyId;
    const photos = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `photo-${i + 1}.png`, bytes: Buffer.concat([PNG_1X1, Buffer.from(`${i}`)]), type: 'image/png' }));
    const send = (n: number) => {
      const { body, headers } = multipartFiles({ client_company: String(company) }, photos(n));
      return cast.client.request('POST', 'accounting/receipt/create/', { body, headers });
    };
    const twenty = await send(RECEIPT_UPLOAD_MAX_FILES);
    expect(twenty.statusCode).toBe(201);
    expect(twenty.json()).toHaveLength(20);
    expect((await send(RECEIPT_UPLOAD_MAX_FILES + 1)).statusCode).toBe(400);
    expect(await t.db.select({ pk: receipts.pk }).from(receipts).where(eq(receipts.clientCompanyId, company))).toHaveLength(20);
  });
});

describe('a receipt captured offline and sent again', () => {
  it('is filed once for its key, however many times the phone sends it, and the answer is the first one', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = cast.clientUser.companyId;
    const send = (key: string, marker: string) => {
      const { body, headers } = multipartFiles({ client_company: String(company) }, [
        { name: `${marker}.pdf`, bytes: Buffer.concat([PDF_BYTES, Buffer.from(`% ${marker}`)]) },
      ]);
      return cast.client.request('POST', 'accounting/receipt/create/', { body, headers: { ...headers, 'Idempotency-Key': key } });
    };
    const first = await send('capture-7f3a9c', 'lunch');
    expect(first.statusCode).toBe(201);
    // The answer was lost on the way (the signal dropped): the phone sends the same capture again.
    const again = await send('capture-7f3a9c', 'lunch');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const another = await send('capture-b21d04', 'taxi');
    expect(another.statusCode).toBe(201);
    expect(await t.db.select({ pk: receipts.pk }).from(receipts).where(eq(receipts.clientCompanyId, company))).toHaveLength(2);
  });
});
