import type { Receipt, ReceiptSource } from '@herd/contract';
import { formatMoney } from '../transactions/money';

/** A reading at least this sure is shown as read; below it, as a guess for the person to confirm. */
export const SURE_CONFIDENCE = 0.7;

type ReadField = Receipt['vendor'];

/** How a field came to be, in words: typed by a person, read (and how surely), or nobody has said yet. */
export const fieldOrigin = (field: ReadField): string | null => {
  if (field.value === null) return null;
  if (field.edited) return 'entered';
  if (field.confidence === null) return null;
  return field.confidence >= SURE_CONFIDENCE ? `read, ${Math.round(field.confidence * 100)}% sure` : `a guess, ${Math.round(field.confidence * 100)}% sure`;
};

/** Whether a read value still waits for a person to confirm it. */
export const isUnsure = (field: ReadField): boolean => field.value !== null && !field.edited && field.confidence !== null && field.confidence < SURE_CONFIDENCE;

/** The total as money, as every amount is written: "45.00 USD", or "45.00" when no currency was read. */
export const receiptTotal = (receipt: Receipt): string | null => (receipt.total.value === null ? null : formatMoney(receipt.total.value, receipt.currency.value ?? ''));

/** Where the reading engine stands, for a person. */
export const READ_STATE_WORDS: Record<Receipt['read_state'], string> = {
  PENDING: 'Not read yet',
  READ: 'Read',
  FAILED: 'Could not be read',
};

/** Where the receipt stands with its transaction. */
export const matchWords = (receipt: Receipt): string => {
  if (receipt.transaction !== null) return 'Matched to a transaction';
  if (receipt.status === 'FINISHED_IN_HERD') return 'Done';
  return 'Not matched yet';
};

/** How a receipt reached Herd, in words. */
export const RECEIPT_SOURCE_LABELS: Record<ReceiptSource, string> = { WEB: 'Upload', EMAIL: 'Email', SMS: 'Text', KARBON: 'Karbon' };

/** How sure Herd is of a read field, for a tag beside it; nothing when a person set it or nobody read it. */
export const confidenceWords = (field: { confidence: number | null; edited: boolean }): { text: string; sure: boolean } | null => {
  if (field.edited || field.confidence === null) return null;
  const percent = Math.round(field.confidence * 100);
  return field.confidence >= SURE_CONFIDENCE ? { text: `${percent}% sure`, sure: true } : { text: `${percent}% sure: check it`, sure: false };
};

/** The file types the upload takes (checked again by the server from the bytes). */
export const RECEIPT_ACCEPT = 'image/*,application/pdf,.heic,.heif';

/** A match's score (0–1) in plain terms: Herd matches by itself from 0.85, and suggests from 0.5. */
export const matchStrength = (score: number): { text: string; color: string } => {
  if (score >= 0.85) return { text: 'Strong match', color: 'green' };
  if (score >= 0.7) return { text: 'Good match', color: 'blue' };
  return { text: 'Possible match', color: 'default' };
};

/** Why a charge fits, in words: each part of the score ("amount matches exactly (45.00 USD), 2 days apart, …"). */
export const matchReasons = (parts: readonly { words: string }[]): string =>
  parts
    .map((part) => part.words)
    .filter(Boolean)
    .join(', ');
