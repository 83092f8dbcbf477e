import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PAGE_DPI, pageImageSize, pagesPdf } from './photo-pages';

/** The smallest JPEG pdf-lib embeds: start, a frame header with the size, end. It reads no pixels. */
const jpegOfSize = (width: number, height: number) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);

describe('one long receipt from several photos', () => {
  it('draws each photo at most 1,600 px wide, keeping its shape, and never blows a small one up', () => {
    expect(pageImageSize({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
    expect(pageImageSize({ width: 900, height: 2000 })).toEqual({ width: 900, height: 2000 });
  });

  it('makes one PDF with a page per photo, in the order chosen, each page the photo’s size', async () => {
    const sizes = [
      { width: 1600, height: 2133 },
      { width: 1200, height: 1600 },
      { width: 1600, height: 900 },
    ];
    const pdf = await PDFDocument.load(await pagesPdf(sizes.map((size) => ({ ...size, jpeg: jpegOfSize(size.width, size.height) }))));
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPages().map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())])).toEqual(
      sizes.map((size) => [Math.round((size.width * 72) / PAGE_DPI), Math.round((size.height * 72) / PAGE_DPI)]),
    );
    expect(pdf.getTitle()).toBe('Receipt, 3 photos');
  });
});
