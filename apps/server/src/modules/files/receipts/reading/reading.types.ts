/** Where a field's value was read from. */
export type ReadingSource = 'TEXT_LAYER' | 'OCR' | 'EMAIL';

/** One field read from a receipt, with how sure the reader is (0..1) and where it came from. */
export interface FieldReading<T extends string = string> {
  value: T;
  confidence: number;
  source: ReadingSource;
}

export interface ReceiptReading {
  vendor: FieldReading | null;
  /** ISO date, `YYYY-MM-DD`. */
  date: FieldReading | null;
  /** Decimal string with two places, `"29.67"`: never a float. */
  total: FieldReading | null;
  /** ISO 4217 code, `"USD"`. */
  currency: FieldReading | null;
  /** The document's text as read (text layer or OCR); empty for a file that held none. */
  text: string;
  /** How the document's text was obtained, or null when only the email hints gave fields. */
  textSource: 'TEXT_LAYER' | 'OCR' | null;
}

export interface ReadingHints {
  /** The client's locale (`en-US`, `fr-FR`, `en-GB`): decides whether 01/02 is January or February, and the currency of a bare `$`. */
  locale?: string;
  /** Subject of the email that brought the receipt ("Your receipt from Adobe — $52.99 — Sep 18"). */
  emailSubject?: string;
  /** Plain-text body of that email. */
  emailBody?: string;
  /** The day the receipt arrived: dates without a year ("Sep 18") are taken as the latest such day not after it. Defaults to today. */
  receivedOn?: Date;
}

/** TIMEOUT: the file took longer than its time limit to open or draw; CLOSED: the file threads were shut down. */
export type ReadingErrorCode = 'UNSUPPORTED_TYPE' | 'TOO_LARGE' | 'UNREADABLE' | 'TIMEOUT' | 'CLOSED' | 'OCR_TIMEOUT' | 'OCR_CLOSED';

/** Why a file could not be read; the job records the message for the person who sent it. */
export class ReceiptReadingError extends Error {
  constructor(
    readonly code: ReadingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReceiptReadingError';
  }
}

export interface OcrResult {
  text: string;
  /** The engine's mean word confidence, 0..1. */
  confidence: number;
}

/** One OCR worker: a tesseract.js worker thread in production. */
export interface OcrEngine {
  recognize(image: Buffer): Promise<OcrResult>;
  terminate(): Promise<void>;
}
