import type { Receipt } from '@herd/contract';
import { toStoredFile } from '../../platform/stored-files/stored-files.face.js';
import type { FullReceiptRow } from './receipts.queries.js';

const field = <T>(value: T | null, confidence: number | null, edited: boolean) => ({ value, confidence, edited });

/** A receipt as the API answers it. */
export const toReceipt = ({ receipt: r, file, thumbnail, companyName, uploader, notesCount }: FullReceiptRow): Receipt => ({
  pk: r.pk,
  client_company: r.clientCompanyId === null ? null : { pk: r.clientCompanyId, name: companyName ?? '' },
  status: r.status,
  is_hidden: r.isHidden,
  source: r.source,
  read_state: r.readState,
  read_error: r.readState === 'FAILED' ? r.readError : null,
  file: toStoredFile(file),
  thumbnail: thumbnail ? toStoredFile(thumbnail) : null,
  vendor: field(r.vendor, r.vendorConfidence, r.vendorEdited),
  date: field(r.receiptDate, r.dateConfidence, r.dateEdited),
  total: field(r.total, r.totalConfidence, r.totalEdited),
  currency: field(r.currency, r.currencyConfidence, r.currencyEdited),
  note: r.note,
  uploaded_by:
    r.uploadedBy === null || !uploader ? null : { pk: r.uploadedBy, name: `${uploader.firstName ?? ''} ${uploader.lastName ?? ''}`.trim() || (uploader.email ?? '') },
  duplicate_of: r.duplicateOfId,
  transaction: r.transactionId,
  notes_count: notesCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
