import { toCents } from './money.rule.js';
import { vendorKeyOf } from './vendor-similarity.rule.js';

/**
 * A receipt that repeats one the company already has: the same file sent twice (a photo
 * forwarded by email and uploaded too), or the same purchase in another file (a photo and the
 * emailed PDF): same vendor, as the merchant normaliser reads it, same date, same total. It is
 * flagged with the earlier receipt, never dropped: two identical coffees on one day are real.
 */
export interface ReceiptForDuplicates {
  pk: number;
  /** sha256 of the file, as `files.sha256` holds it; null for a receipt without a file. */
  fileHash: string | null;
  vendor: string;
  date: string | null;
  total: string | number | null;
  /** When it arrived; the earlier of two is the original. */
  createdAt: Date;
}

export type DuplicateReason = 'SAME_FILE' | 'SAME_PURCHASE';

export interface Duplicate {
  /** The earlier receipt this one repeats. */
  pk: number;
  reason: DuplicateReason;
}

/**
 * The key the same purchase shares ("amazon|2026-11-02|4500"), or null when the receipt
 * lacks a vendor, date or total (two unreadable receipts are not the same purchase). The job
 * looks it up among the company's receipts; an index on it keeps that one descent.
 */
export const purchaseKey = (r: Pick<ReceiptForDuplicates, 'vendor' | 'date' | 'total'>): string | null => {
  const vendor = vendorKeyOf(r.vendor);
  if (vendor === '' || r.date === null || r.total === null) return null;
  // Not the currency: one reading may have found it and the other not, and the same vendor, day and figure in two currencies does not happen.
  return `${vendor}|${r.date}|${toCents(r.total)}`;
};

const isEarlier = (a: ReceiptForDuplicates, b: ReceiptForDuplicates) =>
  a.createdAt.getTime() < b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.pk < b.pk);

/** The earliest of the company's other receipts that this one repeats (same file first), or null. */
export const findDuplicate = (receipt: ReceiptForDuplicates, companyReceipts: Iterable<ReceiptForDuplicates>): Duplicate | null => {
  const key = purchaseKey(receipt);
  let sameFile: ReceiptForDuplicates | null = null;
  let samePurchase: ReceiptForDuplicates | null = null;
  for (const other of companyReceipts) {
    if (other.pk === receipt.pk || !isEarlier(other, receipt)) continue;
    if (receipt.fileHash !== null && other.fileHash === receipt.fileHash) {
      if (sameFile === null || isEarlier(other, sameFile)) sameFile = other;
    } else if (key !== null && purchaseKey(other) === key) {
      if (samePurchase === null || isEarlier(other, samePurchase)) samePurchase = other;
    }
  }
  if (sameFile) return { pk: sameFile.pk, reason: 'SAME_FILE' };
  if (samePurchase) return { pk: samePurchase.pk, reason: 'SAME_PURCHASE' };
  return null;
};
