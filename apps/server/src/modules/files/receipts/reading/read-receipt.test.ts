import { afterAll, describe, expect, it } from 'vitest';
import { storedSideways } from '../../../../../test/exif-orientation.js';
import { heifEncAvailable, toHeic } from '../../../../../test/heic.js';
import { pagedScan, renderReceipt, scannedPdf, TEST_RECEIPTS, textLayerPdf, type ReceiptSpec } from '../../../../../test/receipt-images.js';
import { OcrPool } from './ocr-pool.worker.js';
import { pagesToRead } from './pdf-input.format.js';
import { readReceipt } from './read-receipt.service.js';
import { ReceiptReadingError, type ReceiptReading } from './reading.types.js';

// One worker for the file: each OCR below takes about a second once it is warm.
const pool = new OcrPool({ size: 1 });
afterAll(() => pool.close());

const receivedOn = new Date('2026-11-20T12:00:00Z');
const values = (r: ReceiptReading) => ({ vendor: r.vendor?.value, date: r.date?.value, total: r.total?.value, currency: r.currency?.value });
const read = (bytes: Buffer, mime: string, spec: ReceiptSpec, extra: { emailSubject?: string } = {}) =>
  readReceipt(bytes, mime, { locale: spec.locale, receivedOn, ...extra }, pool);

describe('reading receipt images', () => {
  it('reads a grocery receipt photo: TOTAL over SUBTOTAL and cash tendered, with OCR as the source', async () => {
    const spec = TEST_RECEIPTS.grocery;
    const reading = await read(renderReceipt(spec), 'image/png', spec);
    expect(values(reading)).toEqual(spec.expected);
    expect(reading.textSource).toBe('OCR');
    expect(reading.total).toMatchObject({ source: 'OCR' });
    expect(reading.total!.confidence).toBeGreaterThan(0.5);
    expect(reading.text).toContain('SUBTOTAL');
  });

  it('reads a café receipt in euros with comma decimals, photographed askew, as a JPEG', async () => {
    const spec = TEST_RECEIPTS.cafe;
    const reading = await read(renderReceipt(spec, { name: 'askew', rotate: 2, noise: 10, format: 'jpeg' }), 'image/jpeg', spec);
    expect(values(reading)).toEqual(spec.expected);
  });

  it('reads a blurred pound restaurant bill, AMOUNT DUE over the subtotal', async () => {
    const spec = TEST_RECEIPTS.restaurant;
    const reading = await read(renderReceipt(spec, { name: 'blurred', blur: 1, format: 'jpeg' }), 'image/jpeg', spec);
    expect(values(reading)).toEqual(spec.expected);
  });

  it('reads a small (500 px) photo of a Canadian fuel receipt by scaling it up first', async () => {
    const spec = TEST_RECEIPTS.fuel;
    const reading = await read(renderReceipt(spec, { name: 'small', width: 500, format: 'jpeg' }), 'image/jpeg', spec);
    expect(values(reading)).toEqual(spec.expected);
  });

  it.each([6, 8, 3] as const)('reads a phone photo stored turned with EXIF orientation %i the same as the upright one', async (orientation) => {
    const spec = TEST_RECEIPTS.grocery;
    const upright = renderReceipt(spec, { name: 'phone', format: 'jpeg' });
    const reading = await read(await storedSideways(upright, orientation), 'image/jpeg', spec);
    expect(values(reading)).toEqual(spec.expected);
  });

  it.skipIf(!heifEncAvailable)('reads an iPhone HEIC photo', async () => {
    const spec = TEST_RECEIPTS.grocery;
    const heic = toHeic(renderReceipt(spec, { name: 'phone', format: 'jpeg' }));
    const reading = await read(heic, 'image/heic', spec);
    expect(values(reading)).toEqual(spec.expected);
  });
});

describe('reading receipt PDFs', () => {
  it('reads the text layer of a PDF without OCR, all fields fully trusted', async () => {
    const spec = TEST_RECEIPTS.cafe;
    const before = pool.stats.jobs;
    const reading = await read(await textLayerPdf(spec), 'application/pdf', spec);
    expect(values(reading)).toEqual(spec.expected);
    expect(reading.textSource).toBe('TEXT_LAYER');
    expect(reading.total).toEqual({ value: '13.30', confidence: 0.85, source: 'TEXT_LAYER' });
    expect(pool.stats.jobs).toBe(before);
  });

  it('draws and OCRs the first page of a scanned PDF that has no text layer', async () => {
    const spec = TEST_RECEIPTS.restaurant;
    // A PNG page image: PDF.js decodes it with code that needs a Node 20 shim (node20-buffers.format.ts).
    const pdf = await scannedPdf(renderReceipt(spec, { name: 'scan' }), 'png');
    const reading = await read(pdf, 'application/pdf', spec);
    expect(values(reading)).toEqual(spec.expected);
    expect(reading.textSource).toBe('OCR');
  });

  it('reads a long receipt sent as three pages, one photo each: the merchant on the first, the total on the last', async () => {
    const spec = TEST_RECEIPTS.grocery;
    const reading = await read(await pagedScan(spec, 3), 'application/pdf', spec);
    expect(values(reading)).toEqual(spec.expected);
    expect(reading.text).toContain('Coffee Beans');
  });

  it('reads all of a short scan, and of a long one the first page and the last two', () => {
    expect(pagesToRead(1, 3)).toEqual([1]);
    expect(pagesToRead(3, 3)).toEqual([1, 2, 3]);
    expect(pagesToRead(7, 3)).toEqual([1, 6, 7]);
    expect(pagesToRead(20, 4)).toEqual([1, 18, 19, 20]);
  });
});

describe('hints and bad files', () => {
  it('takes the vendor and amount from a receipt email subject when the file says less', async () => {
    const spec = TEST_RECEIPTS.cafe;
    const reading = await readReceipt(
      await textLayerPdf({ ...spec, lines: spec.lines.filter((l) => !/TOTAL|CB/.test(l.left)) }),
      'application/pdf',
      {
        locale: 'fr-FR',
        receivedOn,
        emailSubject: 'Votre reçu — Your receipt from Café du Marché — 13,30 € — Feb 7',
      },
      pool,
    );
    expect(reading.vendor).toMatchObject({ value: 'Cafe Du Marche', source: 'TEXT_LAYER' });
    expect(reading.total).toEqual({ value: '13.30', confidence: 0.85, source: 'EMAIL' });
    expect(reading.currency).toMatchObject({ value: 'EUR' });
  });

  it('refuses a file that is not a receipt type, and a damaged image, with a reason rather than a crash', async () => {
    await expect(readReceipt(Buffer.from('hello, this is plain text'), 'text/plain', {}, pool)).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    const truncated = renderReceipt(TEST_RECEIPTS.grocery, { name: 'cut', format: 'jpeg' }).subarray(0, 400);
    const err = await readReceipt(truncated, 'image/jpeg', {}, pool).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReceiptReadingError);
    expect((err as ReceiptReadingError).code).toBe('UNREADABLE');
    const notPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    await expect(readReceipt(notPdf, 'application/pdf', {}, pool)).rejects.toMatchObject({ code: 'UNREADABLE' });
  });
});
