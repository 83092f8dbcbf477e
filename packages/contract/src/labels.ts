import type { ClientEditableField, TransactionStatus, TransactionType } from './enums.js';

/**
 * The words people see for each transaction status, the same in every list,
 * filter and tag (the Hidden tab included). The codes stay the API's.
 */
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  READY: 'Waiting for client',
  PROCESSING: 'Processing',
  FINISHED_IN_HERD: 'Categorized',
  SYNC_ERROR: 'Sync error',
  PUBLISHED_IN_PLATFORM: 'Published',
  MATCHED_TO_PLATFORM: 'Matched',
  CANCELLED: 'Cancelled',
};

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  EXPENSE: 'Expense',
  DEPOSIT: 'Deposit',
  BILL: 'Bill',
};

/** A status's words; an unknown code (a newer server) is still shown, never dropped. */
export const statusLabel = (status: string): string => TRANSACTION_STATUS_LABELS[status as TransactionStatus] ?? status;

/** The words for each field a client may be let to set, on the settings screen, in the editor and in the server's refusals. */
export const CLIENT_EDITABLE_FIELD_LABELS: Record<ClientEditableField, string> = {
  category: 'Category',
  vendor: 'Vendor',
  customer: 'Customer',
  class: 'Class',
  location: 'Location',
  tax: 'Tax',
  tracking_option_one: 'Tracking category 1',
  tracking_option_two: 'Tracking category 2',
  billable: 'Billable',
  memo: 'Memo',
  split: 'Split lines',
  attachments: 'Attachments',
};
