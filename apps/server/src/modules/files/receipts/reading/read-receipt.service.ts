import type { Thumbnail } from './draw-thumbnail.format.js';
import type { FilePool } from './file-pool.worker.js';
import { sniffKind } from './image-input.format.js';
import { MAX_FILE_BYTES } from './limits.rule.js';
import type { OcrPool } from './ocr-pool.worker.js';
import { readEmailHints } from './parse/email-hints.rule.js';
import { mergeFields, parseReceiptText } from './parse/fields.rule.js';
import { sharedFilePool, sharedOcrPool } from './shared-pool.worker.js';
import { ReceiptReadingError, type ReadingHints, type ReceiptReading } from './reading.types.js';

export interface ReadOptions {
  /** The OCR workers (default: the process's). */
  ocr?: OcrPool;
  /** The file threads that open, decode and draw the file (default: the process's). */
  files?: FilePool;
  /** Also draw a thumbnail this wide at most, from the same decoding. */
  thumbnailWidth?: number;
}

export interface ReceiptFileReading {
  reading: ReceiptReading;
  thumbnail: Thumbnail | null;
  /** Why no thumbnail was made when one was asked for; the reading stands without it. */
  thumbnailError: string | null;
}

/**
 * Reads a receipt file: its vendor, date, total and currency, each with a
 * confidence and where it was read, and the text. The file is opened, decoded
 * and drawn in a file thread (a PDF's text layer when it has one, else its first
 * page drawn, or the image decoded), the picture OCR'd by the OCR workers, and
 * only the text parsed here. The email that brought the file, when there is
 * one, fills what the file does not say and wins where it is surer (a sender's
 * subject "Your receipt from Adobe — $52.99" beats a blurred photo). Throws
 * ReceiptReadingError for a file it cannot read; meant for a background job,
 * never a request.
 */
export const readReceiptFile = async (bytes: Buffer, mime: string, hints: ReadingHints = {}, options: ReadOptions = {}): Promise<ReceiptFileReading> => {
  if (bytes.length > MAX_FILE_BYTES) throw new ReceiptReadingError('TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
  const kind = sniffKind(bytes);
  if (!kind) throw new ReceiptReadingError('UNSUPPORTED_TYPE', `Only PDF, JPEG, PNG and HEIC receipts can be read${mime ? ` (this file is ${mime})` : ''}.`);
  const files = options.files ?? sharedFilePool();
  const prepared = await files.prepare(bytes, { kind, text: true, thumbnailWidth: options.thumbnailWidth ?? null });
  const receivedOn = hints.receivedOn ?? new Date();
  const email = readEmailHints(hints, receivedOn);
  let doc: { text: string; source: 'TEXT_LAYER' | 'OCR'; confidence: number };
  if (prepared.text !== null) doc = { text: prepared.text, source: 'TEXT_LAYER', confidence: 1 };
  else {
    const ocr = await (options.ocr ?? sharedOcrPool()).recognize(prepared.ocrImage!);
    doc = { text: ocr.text, source: 'OCR', confidence: ocr.confidence };
  }
  const fields = parseReceiptText(doc.text, doc.source, { locale: hints.locale, receivedOn, textConfidence: doc.confidence });
  return {
    reading: { ...mergeFields(fields, email), text: doc.text.trim(), textSource: doc.source },
    thumbnail: prepared.thumbnail,
    thumbnailError: prepared.thumbnailError,
  };
};

/** `readReceiptFile` without the thumbnail: the fields and the text. */
export const readReceipt = async (bytes: Buffer, mime: string, hints: ReadingHints = {}, pool?: OcrPool, files?: FilePool): Promise<ReceiptReading> =>
  (await readReceiptFile(bytes, mime, hints, { ocr: pool, files })).reading;
