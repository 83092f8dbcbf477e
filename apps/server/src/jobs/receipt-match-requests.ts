import type { JobQueue } from './job-queue.js';

/**
 * Asks for a receipt to be matched (after it was read, or edited), keyed by the
 * receipt so asking again while one waits costs nothing.
 */
export const queueReceiptMatch = (jobs: Pick<JobQueue, 'send'>, receiptPk: number) => jobs.send('receipt-match', { receiptPk }, `receipt-match:${receiptPk}`);

/** Charges arrived for a company (import, ingest, pull): its unmatched receipts may find theirs now. */
export const queueCompanyReceiptMatch = (jobs: Pick<JobQueue, 'send'>, companyPk: number) =>
  jobs.send('receipt-match', { companyPk }, `receipt-match-company:${companyPk}`);
