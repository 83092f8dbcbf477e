import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { heifEncAvailable, toHeic } from '../../../../../test/heic.js';
import { manyPagePdf, pngDeclaring, whitePng } from '../../../../../test/hostile-files.js';
import { renderReceipt, TEST_RECEIPTS } from '../../../../../test/receipt-images.js';
import { FilePool } from './file-pool.worker.js';
import { OcrPool } from './ocr-pool.worker.js';
import { readReceipt } from './read-receipt.service.js';
import { createThumbnail } from './thumbnail.format.js';

// Hostile files: each is small on disk and, read on the event loop, cost the API minutes or seconds.
const manyPages = manyPagePdf(20_000);
const inflating = whitePng(7000, 7000);

const pools: { close(): Promise<void> }[] = [];
const filePool = (options: ConstructorParameters<typeof FilePool>[0] = {}) => {
  const pool = new FilePool(options);
  pools.push(pool);
  return pool;
};
const ocr = new OcrPool({ size: 1 });
pools.push(ocr);
afterAll(() => Promise.all(pools.map((p) => p.close())));

/** Runs `work` and answers how long the event loop was ever kept from a 10 ms timer, and how much the heap grew. */
const whileWatching = async <T>(work: () => Promise<T>) => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const heapBefore = process.memoryUsage().heapUsed;
  delay.enable();
  const started = Date.now();
  const result = await work().catch((err: unknown) => err);
  const ms = Date.now() - started;
  delay.disable();
  return { result, ms, worstDelayMs: delay.max / 1e6, heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20 };
};

describe('hostile receipt files are read in a file thread, within limits', () => {
  it('a 2 MB PDF of 20,000 empty pages: only its first and last pages are read, it is refused as blank within seconds, and the event loop stays free', async () => {
    expect(manyPages.length).toBeLessThan(2.5 * 2 ** 20);
    const files = filePool();
    const watched = await whileWatching(() => readReceipt(manyPages, 'application/pdf', {}, ocr, files));
    expect(watched.result).toMatchObject({ code: 'UNREADABLE', message: 'The pages of the PDF are blank.' });
    expect(watched.ms).toBeLessThan(10_000);
    expect(watched.worstDelayMs).toBeLessThan(300);
    // Parsed in the thread: this heap (the API's) holds none of the document.
    expect(watched.heapGrowthMb).toBeLessThan(64);
  });

  it('a 60 KB PNG that inflates to 49 megapixels is decoded in the thread, found blank, and the event loop stays free', async () => {
    expect(inflating.length).toBeLessThan(100_000);
    const files = filePool();
    const watched = await whileWatching(() => readReceipt(inflating, 'image/png', {}, ocr, files));
    expect(watched.result).toMatchObject({ code: 'UNREADABLE', message: 'The image is blank.' });
    expect(watched.worstDelayMs).toBeLessThan(300);
  });

  // libheif's wasm decodes a 49-megapixel HEIC in about a second: on the event loop, every request would wait that long.
  it.skipIf(!heifEncAvailable)('a HEIC photo of 49 megapixels is decoded in the thread, found blank, and the event loop stays free', async () => {
    const heic = toHeic(inflating);
    expect(heic.length).toBeLessThan(100_000);
    const files = filePool();
    await files.warm();
    const watched = await whileWatching(() => readReceipt(heic, 'image/heic', {}, ocr, files));
    expect(watched.result).toMatchObject({ code: 'UNREADABLE', message: 'The image is blank.' });
    expect(watched.worstDelayMs).toBeLessThan(300);
    expect(watched.heapGrowthMb).toBeLessThan(64);
  });

  it('an image whose header declares more than the pixel limit is refused from its header, before any decoding', async () => {
    const files = filePool({ limits: { maxPixels: 40_000_000 } });
    // One byte of pixels behind the header: a decoder would call it damaged; the header check speaks first.
    await expect(readReceipt(pngDeclaring(7000, 7000), 'image/png', {}, ocr, files)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'The image is 7000×7000 pixels; the largest read is 40 megapixels.',
    });
    await expect(readReceipt(pngDeclaring(8000, 8000), 'image/png', {}, ocr, filePool())).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });

  it('a file past the time limit has its thread ended and fails with the reason; the next file gets a new thread', async () => {
    const files = filePool({ timeoutMs: 50 });
    await files.warm();
    await expect(readReceipt(inflating, 'image/png', {}, ocr, files)).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Reading the file took longer than 0.05 s.' });
    expect(files.stats).toMatchObject({ timeouts: 1, started: 1 });
    await files.warm();
    await expect(readReceipt(pngDeclaring(8000, 8000), 'image/png', {}, ocr, files)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(files.stats.started).toBe(2);
  });

  it('a file that needs more than the thread’s heap fails with the reason, and the process goes on', async () => {
    const files = filePool({ heapMb: 8 });
    await expect(readReceipt(manyPages, 'application/pdf', {}, ocr, files)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'Reading the file needed more than 8 MB of memory.',
    });
    expect(files.stats.outOfMemory).toBe(1);
  });

  it('thumbnails are drawn in the thread too: a hostile file gives none, and the reason', async () => {
    const files = filePool();
    const failures: unknown[] = [];
    expect(await createThumbnail(pngDeclaring(8000, 8000), { files, onFailure: (err) => failures.push(err) })).toBeNull();
    expect(failures).toMatchObject([{ code: 'TOO_LARGE' }]);
    const thumb = await createThumbnail(renderReceipt(TEST_RECEIPTS.cafe), { files });
    expect(thumb?.width).toBe(320);
  });
});
