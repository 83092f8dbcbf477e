import { decodeImage, forOcr, MAX_FILE_BYTES, sniffKind } from './image-input.js';
import type { OcrPool } from './ocr-pool.js';
import { readEmailHints } from './parse/email-hints.js';
import { mergeFields, parseReceiptText } from './parse/fields.js';
import { openPdf, pdfText, renderFirstPage } from './pdf-input.js';
import { sharedOcrPool } from './shared-pool.js';
import { ReceiptReadingError, type ReadingHints, type ReceiptReading } from './types.js';

interface DocumentText {
  text: string;
  source: 'TEXT_LAYER' | 'OCR';
  /** How far the text can be trusted: 1 for a text layer, the engine's confidence for OCR. */
  confidence: number;
}

const documentText = async (bytes: Buffer, mime: string, pool: OcrPool): Promise<DocumentText> => {
  if (bytes.length > MAX_FILE_BYTES) throw new ReceiptReadingError('TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
  const kind = sniffKind(bytes);
  if (!kind) throw new ReceiptReadingError('UNSUPPORTED_TYPE', `Only PDF, JPEG, PNG and HEIC receipts can be read${mime ? ` (this file is ${mime})` : ''}.`);
  if (kind !== 'pdf') {
    const ocr = await pool.recognize(forOcr(await decodeImage(bytes, kind)));
    return { text: ocr.text, source: 'OCR', confidence: ocr.confidence };
  }
  const pdf = await openPdf(bytes);
  try {
    // A PDF from a till system or a shop carries its text: exact, and a hundred times faster than OCR.
    const layer = await pdfText(pdf);
    if (layer) return { text: layer, source: 'TEXT_LAYER', confidence: 1 };
    const ocr = await pool.recognize(forOcr(await renderFirstPage(pdf)));
    return { text: ocr.text, source: 'OCR', confidence: ocr.confidence };
  } finally {
    await pdf.destroy();
  }
};

/**
 * Reads a receipt file: its vendor, date, total and currency, each with a
 * confidence and where it was read, and the text. A PDF's text layer is read
 * when it has one, else its first page is drawn and OCR'd; images are OCR'd.
 * The email that brought the file, when there is one, fills what the file
 * does not say and wins where it is surer (a sender's subject "Your receipt
 * from Adobe — $52.99" beats a blurred photo). Throws ReceiptReadingError
 * for a file it cannot read; meant for a background job, never a request.
 */
export const readReceipt = async (bytes: Buffer, mime: string, hints: ReadingHints = {}, pool: OcrPool = sharedOcrPool()): Promise<ReceiptReading> => {
  const receivedOn = hints.receivedOn ?? new Date();
  const email = readEmailHints(hints, receivedOn);
  const doc = await documentText(bytes, mime, pool);
  const fields = parseReceiptText(doc.text, doc.source, { locale: hints.locale, receivedOn, textConfidence: doc.confidence });
  return { ...mergeFields(fields, email), text: doc.text.trim(), textSource: doc.source };
};
