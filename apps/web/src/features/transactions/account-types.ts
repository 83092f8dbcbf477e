import { useQuery } from '@tanstack/react-query';
import { refEndpoints, type ConnectionKind, type Direction, type ResponseOf } from '@herd/contract';
import { call } from '../../lib/api-client';
import { transactionKeys } from './api';

/** Whose account types a new category takes: each connected ledger its own; Herd-held ledgers use QuickBooks Online's names. */
export type LedgerSystem = 'qbo' | 'qbd' | 'xero';
export const ledgerSystemOf = (kind: ConnectionKind): LedgerSystem => (kind === 'XERO' ? 'xero' : kind === 'QBD' ? 'qbd' : 'qbo');

/** Whether the account types are the company's own ledger's (QuickBooks, Xero), not names a ledger Herd holds borrows: only then do its detail types apply. */
export const hasOwnAccountTypes = (kind: ConnectionKind): boolean => kind === 'QBO' || kind === 'QBD' || kind === 'XERO';

export type AccountType = ResponseOf<typeof refEndpoints.qboAccountTypes>[number];

const ACCOUNT_TYPES = { qbo: refEndpoints.qboAccountTypes, qbd: refEndpoints.qbdAccountTypes, xero: refEndpoints.xeroAccountTypes } as const;

/** The account type a new category starts with: an expense for money out, income for money in. */
export const DEFAULT_ACCOUNT_TYPES: Record<LedgerSystem, Record<Direction, string>> = {
  qbo: { COSTS: 'Expense', SALES: 'Income' },
  qbd: { COSTS: 'Expense', SALES: 'Income' },
  xero: { COSTS: 'EXPENSE', SALES: 'REVENUE' },
};

/** The ledger's account types (a fixed list per ledger, so read once). */
export const useAccountTypes = (companyPk: number, system: LedgerSystem, enabled = true) =>
  useQuery({
    queryKey: transactionKeys.accountTypes(companyPk, system),
    queryFn: () => call(ACCOUNT_TYPES[system], { params: { pk: companyPk } }),
    staleTime: Infinity,
    enabled,
  });
