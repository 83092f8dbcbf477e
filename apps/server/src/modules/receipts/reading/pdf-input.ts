import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { extractTextItems, getDocumentProxy, renderPageAsImage } from 'unpdf';
import './node20-buffers.js';
import { ReceiptReadingError } from './types.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** A receipt is a page or two; an email's 40-page statement is read no further than this. */
const MAX_PAGES = 3;

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

/**
 * The text layer, one line per printed row. PDF.js gives pieces of text with
 * their position; pieces on the same baseline make a line, so "TOTAL" and its
 * amount at the far right stay together as they do on paper.
 */
export const pdfText = async (pdf: PdfDocument): Promise<string | null> => {
  const { items } = await extractTextItems(pdf);
  const pages: string[] = [];
  for (const page of items.slice(0, MAX_PAGES)) {
    const rows = new Map<number, { x: number; str: string }[]>();
    for (const item of page) {
      if (item.str.trim() === '') continue;
      const y = Math.round(item.y / 2) * 2;
      const row = rows.get(y) ?? [];
      row.push({ x: item.x, str: item.str });
      rows.set(y, row);
    }
    const lines = [...rows.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((p) => p.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    pages.push(lines.join('\n'));
  }
  const text = pages.join('\n');
  return (text.match(/\p{L}/gu) ?? []).length >= MIN_TEXT_LETTERS ? text : null;
};

/** The first page drawn at about 200 dpi (a receipt page is narrow), as a canvas to OCR or to make a thumbnail of. */
export const renderFirstPage = async (pdf: PdfDocument, width = 1600): Promise<Canvas> => {
  const page = await pdf.getPage(1);
  const { width: pageWidth, height: pageHeight } = page.getViewport({ scale: 1 });
  // A page longer than 8 m (a till roll printed whole) is not a receipt to read.
  const scale = Math.min(width / pageWidth, 12_000 / pageHeight);
  const png = await renderPageAsImage(pdf, 1, { canvasImport: () => import('@napi-rs/canvas'), scale });
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0);
  return canvas;
};
