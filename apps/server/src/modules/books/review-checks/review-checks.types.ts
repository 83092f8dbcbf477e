import type { ReviewCheck, TransactionStatus } from '@herd/contract';

/** The statuses of a categorized transaction: answered in Herd or in the ledger's books through Herd. */
export const CATEGORIZED_STATUSES_FOR_REVIEW: readonly TransactionStatus[] = ['FINISHED_IN_HERD', 'SYNC_ERROR', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'];

export interface ReviewFindingRow {
  pk: number;
  check: ReviewCheck;
  state: 'OPEN' | 'DISMISSED' | 'ASKED';
  reason: string;
  question: string;
  foundAt: Date;
  transactionPk: number;
  date: string;
  amount: string;
  payee: string;
  status: string;
}
