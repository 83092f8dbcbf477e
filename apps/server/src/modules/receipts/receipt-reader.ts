import { createThumbnail, readReceipt, type ReadingHints } from './reading/index.js';

/**
 * The seam between the `receipt-read` job and the reading engine
 * (`modules/receipts/reading/`): the job hands it the file's bytes and what is
 * known about how the receipt came (its email's words), and stores what it
 * answers. Tests install a reader of their own to say what was "read".
 */

/** One field the engine read, and how sure it is (0–1). */
export interface ReadValue<T> {
  value: T;
  confidence: number;
}

export interface ReceiptReading {
  vendor: ReadValue<string> | null;
  /** ISO date, `YYYY-MM-DD`. */
  date: ReadValue<string> | null;
  /** A decimal string with at most two decimals, as money is on the wire. */
  total: ReadValue<string> | null;
  /** ISO 4217 code, upper case. */
  currency: ReadValue<string> | null;
  /** A small image of the first page, when one could be drawn. */
  thumbnail: { bytes: Buffer; contentType: string } | null;
}

export interface ReaderContext {
  hints: ReadingHints;
  /** Told why no thumbnail could be made: the receipt goes on without one. */
  onThumbnailFailure: (err: unknown) => void;
}

export type ReceiptReader = (bytes: Buffer, mime: string, context: ReaderContext) => Promise<ReceiptReading>;

/**
 * The reading library: text layer or OCR (through the process's shared OCR
 * pool, started on the first scan and closed at shutdown), then the thumbnail.
 * A thumbnail that fails does not fail the reading.
 */
export const installedReader: ReceiptReader = async (bytes, mime, { hints, onThumbnailFailure }) => {
  const read = await readReceipt(bytes, mime, hints);
  const thumbnail = await createThumbnail(bytes, { onFailure: onThumbnailFailure });
  return {
    vendor: read.vendor,
    date: read.date,
    total: read.total,
    currency: read.currency,
    thumbnail: thumbnail ? { bytes: thumbnail.bytes, contentType: thumbnail.mime } : null,
  };
};
