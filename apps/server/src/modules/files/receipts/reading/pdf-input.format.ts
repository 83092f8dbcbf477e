import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import './node20-buffers.format.js';
import { MAX_TEXT_CHARS } from './limits.rule.js';
import { ReceiptReadingError } from './reading.types.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Fewer letters than this on the text layer means a scan with, at most, a stray caption. */
const MIN_TEXT_LETTERS = 15;

export const openPdf = async (bytes: Buffer): Promise<PdfDocument> => {
  try {
    // unpdf hands the array to a worker-less PDF.js, which may detach it: give it a copy.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (err) {
    const encrypted = err instanceof Error && err.name === 'PasswordException';
    throw new ReceiptReadingError('UNREADABLE', encrypted ? 'The PDF is protected by a password.' : 'The PDF could not be opened.');
  }
};

interface TextPiece {
  x: number;
  y: number;
  str: string;
}

/**
 * The pieces of text of one page with their position. Pages are fetched one by
 * one and only as far as `maxPages`: unpdf's `extractTextItems` parses every
 * page of the document at once, which for a PDF of 20,000 empty pages took
 * minutes and gigabytes.
 */
const pageText = async (pdf: PdfDocument, pageNumber: number): Promise<TextPiece[]> => {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    return content.items.flatMap((item) => ('str' in item ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : []));
  } finally {
    page.cleanup();
  }
};

/** One page's pieces as printed rows: pieces on the same baseline make a line, so "TOTAL" and its amount at the far right stay together. */
const rowsOf = (pieces: TextPiece[]): string => {
  const rows = new Map<number, { x: number; str: string }[]>();
  for (const item of pieces) {
    if (item.str.trim() === '') continue;
    const y = Math.round(item.y / 2) * 2;
    const row = rows.get(y) ?? [];
    row.push({ x: item.x, str: item.str });
    rows.set(y, row);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((p) => p.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join('\n');
};

/**
 * The text layer of the first `maxPages` pages, one line per printed row, cut
 * at MAX_TEXT_CHARS; null when it holds (almost) no letters, as a scan does.
 */
export const pdfText = async (pdf: PdfDocument, maxPages: number): Promise<string | null> => {
  const pages: string[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, maxPages); n++) pages.push(rowsOf(await pageText(pdf, n)));
  const text = pages.join('\n').slice(0, MAX_TEXT_CHARS);
  return (text.match(/\p{L}/gu) ?? []).length >= MIN_TEXT_LETTERS ? text : null;
};

/** A page longer than 8 m at the drawing width (a till roll printed whole) is drawn no longer than this. */
const MAX_PAGE_HEIGHT = 12_000;
/** The pages of a scan stacked for OCR stay under this many pixels, whatever their number and shape. */
const MAX_STACK_PIXELS = 24_000_000;

/**
 * The pages of a scan worth reading: all of a short one; of a longer one the first (the merchant,
 * the date) and the last two (a long receipt photographed in parts ends with its total).
 */
export const pagesToRead = (pageCount: number, maxPages: number): number[] => {
  if (pageCount <= maxPages) return Array.from({ length: pageCount }, (_, i) => i + 1);
  return [1, ...Array.from({ length: maxPages - 1 }, (_, i) => pageCount - maxPages + 2 + i)];
};

const drawPage = async (pdf: PdfDocument, pageNumber: number, scale: number): Promise<Canvas> => {
  const png = await renderPageAsImage(pdf, pageNumber, { canvasImport: () => import('@napi-rs/canvas'), scale });
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0);
  return canvas;
};

/**
 * The given pages drawn `width` pixels wide (about 200 dpi for a receipt page at 1,600), each no
 * taller than MAX_PAGE_HEIGHT, and all together scaled down to stay under MAX_STACK_PIXELS.
 */
export const renderPages = async (pdf: PdfDocument, pageNumbers: readonly number[], width = 1600): Promise<Canvas[]> => {
  const sizes = await Promise.all(
    pageNumbers.map(async (n) => {
      const page = await pdf.getPage(n);
      const { width: pageWidth, height: pageHeight } = page.getViewport({ scale: 1 });
      const scale = Math.min(width / pageWidth, MAX_PAGE_HEIGHT / pageHeight);
      return { scale, pixels: pageWidth * pageHeight * scale * scale };
    }),
  );
  const shrink = Math.min(1, Math.sqrt(MAX_STACK_PIXELS / sizes.reduce((sum, s) => sum + s.pixels, 0)));
  const pages: Canvas[] = [];
  for (const [i, n] of pageNumbers.entries()) pages.push(await drawPage(pdf, n, sizes[i]!.scale * shrink));
  return pages;
};

/** Pages one under the other at the widest page's width, as one picture: OCR then reads a long receipt top to bottom. */
export const stackPages = (pages: readonly Canvas[]): Canvas => {
  if (pages.length === 1) return pages[0]!;
  const width = Math.max(...pages.map((page) => page.width));
  const stack = createCanvas(
    width,
    pages.reduce((sum, page) => sum + page.height, 0),
  );
  const ctx = stack.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, stack.width, stack.height);
  let y = 0;
  for (const page of pages) {
    ctx.drawImage(page, 0, y);
    y += page.height;
  }
  return stack;
};
