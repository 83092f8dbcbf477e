import type { ReviewCheck } from '@herd/contract';

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
