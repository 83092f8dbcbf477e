import { useQuery } from '@tanstack/react-query';
import type { ConnectionKind, Direction } from '@herd/contract';
import { api } from '../../lib/api-client';
import { buildPath } from '../../lib/path-builder';
import { transactionKeys } from './api';
import { txPaths as p } from './paths';

/** Whose account types a new category takes: each connected ledger its own; Herd-held ledgers use QuickBooks Online's names. */
export type LedgerSystem = 'qbo' | 'qbd' | 'xero';
export const ledgerSystemOf = (kind: ConnectionKind): LedgerSystem => (kind === 'XERO' ? 'xero' : kind === 'QBD' ? 'qbd' : 'qbo');

export interface AccountType {
  type: string;
  subtypes: string[];
}

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
    queryFn: () => api.get<AccountType[]>(buildPath(p.accountTypes, { pk: companyPk, system })),
    staleTime: Infinity,
    enabled,
  });
