import type { SQL } from 'drizzle-orm';
import type { Transaction, TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { restrictionWhere } from '../restrictions/account-scope.js';
import { transactions } from '../../db/schema/index.js';
import { listStatuses, narrowsRows, transactionListWhere, type ListScope } from './transactions.filters.js';
import {
  countsByList,
  countTransactions,
  liveStatusCounts,
  storedListCount,
  storedStatusCounts,
  loadDetails,
  pageOfTransactions,
  type TransactionRow,
} from './transactions.queries.js';
import { toTransactions } from './transactions.serializer.js';
import { suggestionsOf } from '../suggestions/suggestions.read.js';
import { type CompanyAccess } from '../access/company-access.js';

/** The columns a user's account restrictions apply to. */
const RESTRICTABLE = { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId };

/** Rows of one company, as the API shows them to the user of `scope`. */
export const serialize = async (db: Db, scope: CompanyAccess, rows: TransactionRow[]): Promise<Transaction[]> => {
  const pks = rows.map((r) => r.pk);
  const [details, suggestions] = await Promise.all([loadDetails(db, scope.company.pk, pks), suggestionsOf(db, scope, rows)]);
  return toTransactions(rows, details, scope, suggestions);
};

/**
 * How many rows a list holds. Unfiltered and unrestricted, that is the sum of
 * the stored per-status counts (exact, whatever the size); otherwise the rows
 * matching `where` (the list's own WHERE) are counted, up to COUNT_CAP.
 */
export const countList = async (db: Db, list: ListScope, query: Partial<TransactionListQuery>, where: SQL) => {
  if (restrictionWhere(list.restrictions, RESTRICTABLE) || narrowsRows(query)) return countTransactions(db, where);
  return { count: await storedListCount(db, list.companyPk, { statuses: listStatuses(list, query), hidden: list.hidden }), capped: false };
};

/** One page of a list: its statuses and hidden flag, the scope's limits and the request's filters. */
export const listPage = async (db: Db, scope: CompanyAccess, list: { statuses: readonly TransactionStatus[]; hidden: boolean }, query: TransactionListQuery) => {
  const listScope = { companyPk: scope.company.pk, ...list, restrictions: scope.restrictions };
  const where = transactionListWhere(listScope, query);
  const [{ count, capped }, page] = await Promise.all([
    countList(db, listScope, query, where),
    pageOfTransactions(db, scope.company.pk, where, { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  ]);
  return { count, capped, results: toTransactions(page.rows, page.details, scope, await suggestionsOf(db, scope, page.rows)) };
};

/**
 * The counters of a company's lists. An unrestricted user reads the counts the
 * triggers keep; a restricted client user's are counted over their accounts.
 */
export const countersFor = async (db: Db, scope: CompanyAccess) => {
  const restricted = restrictionWhere(scope.restrictions, RESTRICTABLE);
  const counts = countsByList(restricted ? await liveStatusCounts(db, scope.company.pk, restricted) : await storedStatusCounts(db, scope.company.pk));
  return scope.side === 'client'
    ? { active: counts.ready, categorized: counts.categorized, hidden: 0, sync_errors: counts.syncErrors, completed: counts.completed, processing: counts.processing }
    : {
        active: counts.active,
        categorized: counts.categorized,
        hidden: counts.hidden,
        sync_errors: counts.syncErrors,
        completed: counts.completed,
        processing: counts.processing,
      };
};
