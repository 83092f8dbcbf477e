import type { Transaction, TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { restrictionWhere } from '../restrictions/account-scope.js';
import { transactions } from '../../db/schema/index.js';
import { transactionListWhere } from './transactions.filters.js';
import {
  countByList,
  countTransactions,
  loadDetails,
  pageOfTransactions,
  type TransactionRow,
} from './transactions.queries.js';
import { toTransactions } from './transactions.serializer.js';
import type { TxScope } from './transactions.scope.js';

export const serialize = async (db: Db, rows: TransactionRow[]): Promise<Transaction[]> =>
  toTransactions(rows, await loadDetails(db, rows.map((r) => r.pk)));

/** One page of a list: its statuses and hidden flag, the scope's limits and the request's filters. */
export const listPage = async (
  db: Db,
  scope: TxScope,
  list: { statuses: readonly TransactionStatus[]; hidden: boolean },
  query: TransactionListQuery,
) => {
  const where = transactionListWhere({ companyPk: scope.company.pk, ...list, restrictions: scope.restrictions }, query);
  const [{ count, capped }, rows] = await Promise.all([
    countTransactions(db, where),
    pageOfTransactions(db, where, { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  ]);
  return { count, capped, results: await serialize(db, rows) };
};

export const countersFor = async (db: Db, scope: TxScope) => {
  const counts = await countByList(
    db,
    scope.company.pk,
    restrictionWhere(scope.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
  );
  return scope.side === 'client'
    ? { active: counts.ready, categorized: counts.categorized, hidden: 0, sync_errors: counts.syncErrors, completed: counts.completed }
    : { active: counts.active, categorized: counts.categorized, hidden: counts.hidden, sync_errors: counts.syncErrors, completed: counts.completed };
};
