import { readReceiptFile, type ReadingHints, type ReadOptions } from './reading/reading.face.js';

/**
 * The seam between the `receipt-read` job and the reading engine
 * (`modules/files/receipts/reading/`): the job hands it the file's bytes and what is
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

/** A list row's thumbnail at twice the pixel density. */
const THUMBNAIL_WIDTH = 320;

/**
 * The reading library: the file opened, decoded and drawn in a file thread
 * (time- and memory-limited), its text layer or OCR (the process's OCR
 * workers), and a thumbnail from the same decoding. A thumbnail that fails
 * does not fail the reading. `pools` defaults to the process's own; a test or
 * the bench gives pools with limits of its own.
 */
export const readerWith =
  (pools: Pick<ReadOptions, 'files' | 'ocr'> = {}): ReceiptReader =>
  async (bytes, mime, { hints, onThumbnailFailure }) => {
    const { reading, thumbnail, thumbnailError } = await readReceiptFile(bytes, mime, hints, { ...pools, thumbnailWidth: THUMBNAIL_WIDTH });
    if (thumbnailError !== null) onThumbnailFailure(new Error(thumbnailError));
    return {
      vendor: reading.vendor,
      date: reading.date,
      total: reading.total,
      currency: reading.currency,
      thumbnail: thumbnail ? { bytes: thumbnail.bytes, contentType: thumbnail.mime } : null,
    };
  };

export const installedReader: ReceiptReader = readerWith();
