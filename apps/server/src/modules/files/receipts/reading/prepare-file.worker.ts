import type { Canvas } from '@napi-rs/canvas';
import { decodeImage, scaledForOcr, type FileKind } from './image-input.format.js';
import type { FileLimits } from './limits.rule.js';
import { openPdf, pagesToRead, pdfText, renderPages, stackPages } from './pdf-input.format.js';
import { drawThumbnail, type Thumbnail } from './draw-thumbnail.format.js';
import { ReceiptReadingError } from './reading.types.js';

/** What is wanted of a file: its text (a PDF's text layer, else a picture to OCR), a thumbnail, or both. */
export interface PrepareRequest {
  kind: FileKind;
  text: boolean;
  /** Largest thumbnail width, or null for no thumbnail. */
  thumbnailWidth: number | null;
  limits: FileLimits;
}

export interface PreparedFile {
  /** A PDF's text layer, when it has one and text was asked for. */
  text: string | null;
  /** The picture to OCR (PNG), when text was asked for and the file has no text layer. */
  ocrImage: Buffer | null;
  thumbnail: Thumbnail | null;
  /** Why no thumbnail was made, when one was asked for; the reading goes on without it. */
  thumbnailError: string | null;
}

/** A PDF's pages drawn at about 200 dpi to OCR; a thumbnail needs far less. */
const OCR_PAGE_WIDTH = 1600;
const THUMBNAIL_PAGE_WIDTH = 640;

/**
 * Whether a picture holds nothing to read: every pixel within a few grey levels
 * of one another (a blank page, an image of one colour). Sampled on a grid, so a
 * 2,000 px picture costs a few milliseconds; a receipt's print always shows.
 */
const isBlank = (canvas: Canvas): boolean => {
  const ctx = canvas.getContext('2d');
  const step = Math.max(1, Math.floor(Math.sqrt((canvas.width * canvas.height) / 250_000)));
  let lo = 255;
  let hi = 0;
  // Row by row: a copy of the whole picture's pixels would cost as much memory as the picture.
  for (let y = 0; y < canvas.height; y += step) {
    const { data } = ctx.getImageData(0, y, canvas.width, 1);
    for (let x = 0; x < canvas.width; x += step) {
      const grey = (data[x * 4]! + data[x * 4 + 1]! + data[x * 4 + 2]!) / 3;
      if (grey < lo) lo = grey;
      if (grey > hi) hi = grey;
      if (hi - lo > 24) return false;
    }
  }
  return true;
};

const thumbnailOf = (canvas: Canvas, width: number | null): Pick<PreparedFile, 'thumbnail' | 'thumbnailError'> => {
  if (width === null) return { thumbnail: null, thumbnailError: null };
  try {
    return { thumbnail: drawThumbnail(canvas, width), thumbnailError: null };
  } catch (err) {
    return { thumbnail: null, thumbnailError: err instanceof Error ? err.message : String(err) };
  }
};

/** The picture to OCR, refused when blank (nothing would be read, and OCR would spend seconds finding that out). */
const ocrImageOf = (canvas: Canvas, blank: string): Buffer => {
  const scaled = scaledForOcr(canvas);
  if (isBlank(scaled)) throw new ReceiptReadingError('UNREADABLE', blank);
  return scaled.toBuffer('image/png');
};

const preparePdf = async (bytes: Buffer, request: PrepareRequest): Promise<PreparedFile> => {
  const pdf = await openPdf(bytes);
  try {
    // A PDF from a till system or a shop carries its text: exact, and a hundred times faster than OCR.
    const text = request.text ? await pdfText(pdf, request.limits.maxPages) : null;
    const needsOcr = request.text && text === null;
    if (!needsOcr && request.thumbnailWidth === null) return { text, ocrImage: null, thumbnail: null, thumbnailError: null };
    // A scan is read whole, as far as the limit: a long receipt photographed in parts ends with its total.
    let pages: Canvas[];
    try {
      pages = needsOcr ? await renderPages(pdf, pagesToRead(pdf.numPages, request.limits.maxPages), OCR_PAGE_WIDTH) : await renderPages(pdf, [1], THUMBNAIL_PAGE_WIDTH);
    } catch (err) {
      if (needsOcr) throw new ReceiptReadingError('UNREADABLE', 'The pages of the PDF could not be drawn.');
      return { text, ocrImage: null, thumbnail: null, thumbnailError: err instanceof Error ? err.message : String(err) };
    }
    return {
      text,
      ocrImage: needsOcr ? ocrImageOf(stackPages(pages), pages.length === 1 ? 'The first page of the PDF is blank.' : 'The pages of the PDF are blank.') : null,
      ...thumbnailOf(pages[0]!, request.thumbnailWidth),
    };
  } finally {
    await pdf.destroy();
  }
};

/**
 * Everything heavy that is done with a receipt file, in one pass so it is
 * decoded once: a PDF's text layer (its first pages only), the picture to OCR (a scan's pages stacked),
 * the thumbnail. Runs in a file thread (`file-thread.worker.ts`), never on the API's
 * event loop. Throws ReceiptReadingError for a file that cannot be read.
 */
export const prepareFile = async (bytes: Buffer, request: PrepareRequest): Promise<PreparedFile> => {
  if (request.kind === 'pdf') return preparePdf(bytes, request);
  const image = await decodeImage(bytes, request.kind, request.limits.maxPixels);
  return { text: null, ocrImage: request.text ? ocrImageOf(image, 'The image is blank.') : null, ...thumbnailOf(image, request.thumbnailWidth) };
};
