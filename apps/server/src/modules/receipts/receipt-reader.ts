/**
 * The seam where the reading engine plugs in. It will live in
 * `modules/receipts/reading/` (`readReceipt(bytes, mime)`: text extraction
 * and a thumbnail) and is not built yet, so `installedReader` is null and the
 * `receipt-read` job only flags duplicates by file: receipts keep the read
 * state PENDING and their fields empty until the engine is installed here.
 * Nothing is made up in its place.
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

export type ReceiptReader = (bytes: Buffer, mime: string) => Promise<ReceiptReading>;

/** The engine the job runs: none yet (see above). */
export const installedReader: ReceiptReader | null = null;
