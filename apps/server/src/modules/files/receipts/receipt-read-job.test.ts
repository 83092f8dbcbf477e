import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';
import { manyPagePdf, whitePng } from '../../../../test/hostile-files.js';
import { FilePool } from './reading/reading.face.js';
import { readerWith, type ReceiptReader } from './receipt-reader.port.js';
import { runReceiptRead } from './receipt-read.job.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);

beforeAll(async () => {
  // Room for the 2 MB hostile PDF below (the harness allows 1 MB); production allows MAX_UPLOAD_MB, 20 by default.
  t = await createTestApp({ maxUploadBytes: 5 * 1024 * 1024 });
});
afterAll(async () => {
  await t?.close();
});

const uploadOne = async (client: TestClient, companyPk: number, name: string, bytes: Buffer) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name, bytes }]);
  const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0] as { pk: number };
};

/** What the reading engine will answer for a file; here, what each test says it read. */
const readerOf =
  (reading: Partial<Awaited<ReturnType<ReceiptReader>>>): ReceiptReader =>
  async () => ({ vendor: null, date: null, total: null, currency: null, thumbnail: null, ...reading });

describe('the receipt-read job with a reading engine plugged in', () => {
  it('keeps what was read, never over a field a person edited, stores the thumbnail, and flags the same vendor, date and total', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const first = await uploadOne(cast.client, pk, 'a.pdf', PDF_BYTES);
    const second = await uploadOne(cast.client, pk, 'b.png', PNG_1X1);
    await cast.client.patch(`accounting/client/company/${pk}/receipts/update/`, { receipts: [{ pk: second.pk, vendor: 'Corner Cafe' }] });
    const reader = readerOf({
      vendor: { value: 'CORNER CAFE', confidence: 0.8 },
      date: { value: '2026-11-20', confidence: 0.9 },
      total: { value: '12.50', confidence: 1.7 },
      currency: { value: 'euro', confidence: 0.9 },
      thumbnail: { bytes: PNG_1X1, contentType: 'image/png' },
    });
    await runReceiptRead(t.app.deps, first.pk, reader);
    await runReceiptRead(t.app.deps, second.pk, reader);
    const list = (await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/?ordering=created_at`)).json().results;
    const [a, b] = list;
    expect([a.read_state, a.vendor, a.date, a.total, a.currency]).toEqual([
      'READ',
      { value: 'CORNER CAFE', confidence: 0.8, edited: false },
      { value: '2026-11-20', confidence: 0.9, edited: false },
      // A confidence out of range is brought into it; a value the column cannot hold is dropped.
      { value: '12.50', confidence: 1, edited: false },
      { value: null, confidence: null, edited: false },
    ]);
    expect(a.thumbnail.content_type).toBe('image/png');
    expect((await cast.client.get(a.thumbnail.url.replace('/api/v1/', ''))).statusCode).toBe(200);
    expect(b.vendor).toEqual({ value: 'Corner Cafe', confidence: 1, edited: true });
    // Different files, but the same vendor (any case), date and total: flagged as a repeat of the first.
    expect([a.duplicate_of, b.duplicate_of]).toEqual([null, a.pk]);
  });

  it('a file the engine cannot read is FAILED, its fields left for a person', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk, 'blurry.png', PNG_1X1);
    await runReceiptRead(t.app.deps, r.pk, async () => {
      throw new Error('unreadable');
    });
    const [row] = (await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json().results;
    // An engine's own error is not worded for the sender: the reason shown is a plain one.
    expect([row.read_state, row.read_error, row.vendor.value, row.total.value]).toEqual(['FAILED', 'The file could not be read.', null, null]);
  });
});

describe('hostile files through the real reader', () => {
  const files = new FilePool();
  const slowFiles = new FilePool({ timeoutMs: 50 });
  afterAll(() => Promise.all([files.close(), slowFiles.close()]));

  /** Runs the job while asking the health check over and over; answers the slowest answer's time. */
  const readWhileAskingHealth = async (receiptPk: number, reader: ReceiptReader) => {
    let done = false;
    const job = runReceiptRead(t.app.deps, receiptPk, reader).finally(() => {
      done = true;
    });
    let slowest = 0;
    let asked = 0;
    while (!done) {
      const started = performance.now();
      expect((await t.app.inject({ url: '/api/healthcheck/' })).statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await job;
    return { slowest, asked };
  };

  it('a 2 MB PDF of 20,000 empty pages: the upload is quick, the receipt is FAILED with the reason within seconds, and the API answers meanwhile', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const uploadStarted = performance.now();
    const r = await uploadOne(cast.client, pk, 'statement.pdf', manyPagePdf(20_000));
    expect(performance.now() - uploadStarted).toBeLessThan(2_000);
    const started = performance.now();
    const { slowest, asked } = await readWhileAskingHealth(r.pk, readerWith({ files }));
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(asked).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(300);
    const [row] = (await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json().results;
    expect([row.read_state, row.read_error, row.thumbnail]).toEqual(['FAILED', 'The pages of the PDF are blank.', null]);
  });

  it('a file still being decoded at the time limit is stopped and FAILED with the reason, shown to the client and the accountant', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const r = await uploadOne(cast.client, pk, 'huge.png', whitePng(7000, 7000));
    await slowFiles.warm();
    const { slowest } = await readWhileAskingHealth(r.pk, readerWith({ files: slowFiles }));
    expect(slowest).toBeLessThan(300);
    const [mine] = (await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json().results;
    expect([mine.read_state, mine.read_error]).toEqual(['FAILED', 'Reading the file took longer than 0.05 s.']);
    const [theirs] = (await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/`)).json().results;
    expect(theirs.read_error).toBe('Reading the file took longer than 0.05 s.');
  });
});
