import { useQuery } from '@tanstack/react-query';
import { transactionEndpoints as e, type HistoryEntry, type TransactionHistory } from '@herd/contract';
import { call } from '../../lib/api-client';
import { transactionKeys } from './api';

export type { HistoryEntry, TransactionHistory };

/**
 * Who answered a transaction, where it was published and its audit history,
 * for the accountant's review drawer. Kept under the company's keys, so any
 * write to its transactions (publish, send back, an edit) asks again.
 */
export const useTransactionHistory = (companyPk: number, transactionPk: number) =>
  useQuery({
    queryKey: [...transactionKeys.company(companyPk), 'history', transactionPk] as const,
    queryFn: () => call(e.history, { params: { pk: companyPk, transactionPk } }),
  });
