import type { ReceiptSource } from '@herd/contract';

/** How a receipt reached Herd, in words. */
export const RECEIPT_SOURCE_LABELS: Record<ReceiptSource, string> = { WEB: 'Upload', EMAIL: 'Email', SMS: 'Text' };

/** At or above this, a read value is taken as read; below, it is a suggestion a person should confirm. */
export const SURE_CONFIDENCE = 0.7;

/** How sure Herd is of a read field, for a tag beside it; nothing when a person set it or nobody read it. */
export const confidenceWords = (field: { confidence: number | null; edited: boolean }): { text: string; sure: boolean } | null => {
  if (field.edited || field.confidence === null) return null;
  const percent = Math.round(field.confidence * 100);
  return field.confidence >= SURE_CONFIDENCE ? { text: `${percent}% sure`, sure: true } : { text: `${percent}% sure: check it`, sure: false };
};

/** Where a receipt stands against the ledger. */
export const matchWords = (receipt: { transaction: number | null; status: string }): string => {
  if (receipt.transaction !== null) return 'Matched';
  if (receipt.status === 'FINISHED_IN_HERD') return 'Done, not matched';
  return 'Not matched yet';
};

/** The file types the upload takes (checked again by the server from the bytes). */
export const RECEIPT_ACCEPT = 'image/*,application/pdf,.heic,.heif';
