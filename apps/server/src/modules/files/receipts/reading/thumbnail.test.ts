import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { storedSideways } from '../../../../../test/exif-orientation.js';
import { renderReceipt, scannedPdf, TEST_RECEIPTS, textLayerPdf } from '../../../../../test/receipt-images.js';
import { createThumbnail } from './thumbnail.format.js';

/** Share of the picture's pixels that are dark: printed text, not a blank page. */
const inkOf = async (jpeg: Buffer) => {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
  return dark / (data.length / 4);
};

/** Mean difference of two same-sized pictures' grey levels (0–255): a few for the same picture re-encoded. */
const meanDifference = async (a: Buffer, b: Buffer) => {
  const grey = async (jpeg: Buffer) => {
    const image = await loadImage(jpeg);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
  };
  const [x, y] = [await grey(a), await grey(b)];
  let sum = 0;
  for (let i = 0; i < x.length; i += 4) sum += Math.abs(x[i]! - y[i]!);
  return sum / (x.length / 4);
};

describe('thumbnails', () => {
  it('makes a 320 px wide JPEG of a photo, keeping its proportions', async () => {
    const photo = renderReceipt(TEST_RECEIPTS.grocery, { name: 'photo', width: 1200, format: 'jpeg' });
    const source = await loadImage(photo);
    const thumb = await createThumbnail(photo);
    expect(thumb).toMatchObject({ mime: 'image/jpeg', width: 320 });
    expect(thumb!.height).toBe(Math.round((source.height * 320) / source.width));
    const decoded = await loadImage(thumb!.bytes);
    expect([decoded.width, decoded.height]).toEqual([thumb!.width, thumb!.height]);
  });

  it.each([6, 8, 3] as const)('turns a phone photo stored with EXIF orientation %i upright', async (orientation) => {
    const upright = renderReceipt(TEST_RECEIPTS.grocery, { name: 'phone', width: 900, format: 'jpeg' });
    const stored = await storedSideways(upright, orientation);
    const expected = await createThumbnail(upright);
    const thumb = await createThumbnail(stored);
    expect([thumb!.width, thumb!.height]).toEqual([expected!.width, expected!.height]);
    // Same dimensions alone would not catch an upside-down photo (3): the pictures must agree too.
    expect(await meanDifference(thumb!.bytes, expected!.bytes)).toBeLessThan(8);
  });

  it('draws the first page of a PDF, with or without a text layer', async () => {
    for (const pdf of [await textLayerPdf(TEST_RECEIPTS.cafe), await scannedPdf(renderReceipt(TEST_RECEIPTS.fuel), 'png')]) {
      const thumb = await createThumbnail(pdf, { width: 200 });
      expect(thumb?.width).toBe(200);
      expect(thumb!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await inkOf(thumb!.bytes)).toBeGreaterThan(0.01);
    }
  });

  it('never enlarges a small image, and fits a very long receipt within three widths', async () => {
    const small = await createThumbnail(renderReceipt(TEST_RECEIPTS.cafe, { name: 'tiny', width: 200 }));
    expect(small!.width).toBe(200);
    const long = renderReceipt(
      { ...TEST_RECEIPTS.grocery, lines: Array.from({ length: 120 }, (_, i) => ({ left: `Item ${i}`, right: '1.00' })) },
      { name: 'long', width: 600 },
    );
    const thumb = await createThumbnail(long);
    expect(thumb!.height).toBeLessThanOrEqual(960);
    expect(thumb!.width).toBeLessThan(320);
  });

  it('gives null for a file it cannot draw, and says why to the caller, who logs it', async () => {
    const failures: unknown[] = [];
    const onFailure = (err: unknown) => failures.push(err);
    expect(await createThumbnail(Buffer.from('not an image at all'), { onFailure })).toBeNull();
    expect(await createThumbnail(renderReceipt(TEST_RECEIPTS.cafe, { name: 'cut', format: 'png' }).subarray(0, 300), { onFailure })).toBeNull();
    expect(failures).toHaveLength(2);
    expect(String(failures[0])).toContain('not a PDF, JPEG, PNG or HEIC');
  });
});
