import type { ReviewCheck } from '@herd/contract';

export interface ReviewFindingRow {
  pk: number;
  check: ReviewCheck;
  state: 'OPEN' | 'DISMISSED' | 'ASKED';
  reason: string;
  question: string;
  foundAt: Date;
  /** Herd's transaction, or null for one only the ledger holds (`ledgerExternalId`). */
  transactionPk: number | null;
  ledgerExternalId: string | null;
  date: string;
  amount: string;
  payee: string;
  status: string | null;
}
