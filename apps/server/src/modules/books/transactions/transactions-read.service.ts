import type { Transaction, TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { restrictionWhere } from '../../../kernel/account-scope.js';
import { transactions } from '../../../db/schema/index.js';
import { listStatuses, narrowsRows, transactionListWhere } from './transactions-filters.queries.js';
import { countsByList, liveStatusCounts, storedListCount, storedStatusCounts, type TransactionRow } from './transactions.queries.js';
import { loadDetails, rowsWithDetails } from './transactions-details.queries.js';
import { filteredPage, pageOfTransactions, unfilteredPage, type Page } from './transactions-page.queries.js';
import { toTransactions } from './transactions.view.js';
import { visibleSuggestions } from '../suggestions/suggestions.face.js';
import { type CompanyAccess } from '../../../kernel/company-access.js';

/** The columns a user's account restrictions apply to. */
const RESTRICTABLE = { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId };

/** Rows of one company, as the API shows them to the user of `scope`. */
export const serialize = async (db: Db, scope: CompanyAccess, rows: TransactionRow[]): Promise<Transaction[]> =>
  shown(scope, {
    rows,
    details: await loadDetails(
      db,
      scope.company.pk,
      rows.map((r) => r.pk),
    ),
  });

/**
 * Rows just written, by pk, as the API shows them to the user of `scope`: rows and details in one
 * statement. Only for pks the caller has already found in `scope` (the company is checked again here,
 * the user's account restrictions are not).
 */
export const serializeWritten = async (db: Db, scope: CompanyAccess, pks: number[]): Promise<Transaction[]> => {
  const found = await rowsWithDetails(db, scope.company.pk, pks);
  return shown(scope, { rows: found.map((f) => f.row), details: found.map((f) => f.details) });
};

/** A page's rows with what `scope` may see of their suggestions. */
const shown = (scope: CompanyAccess, page: Page) =>
  toTransactions(page.rows, page.details, scope, visibleSuggestions(scope, page.details), scope.company.booksClosedThrough);

/**
 * One page of a list: its statuses and hidden flag, the scope's limits and the request's filters.
 * A list narrowed by nothing else (a client's first screen, most pages) is one statement, its exact
 * count from the per-status counts the triggers keep. A filtered or restricted one counts its rows
 * (up to COUNT_CAP) with the page's keys, then reads the rows. A status filter alone keeps the exact
 * stored count.
 */
export const listPage = async (db: Db, scope: CompanyAccess, list: { statuses: readonly TransactionStatus[]; hidden: boolean }, query: TransactionListQuery) => {
  const listScope = { companyPk: scope.company.pk, ...list, restrictions: scope.restrictions };
  const page = { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const where = transactionListWhere(listScope, query);
  if (restrictionWhere(scope.restrictions, RESTRICTABLE) || narrowsRows(query)) {
    const found = await filteredPage(db, scope.company.pk, where, page);
    return { count: found.count, capped: found.capped, results: shown(scope, found) };
  }
  if (query.status?.length) {
    const counted = { statuses: listStatuses(list, query), hidden: list.hidden };
    const [count, found] = await Promise.all([storedListCount(db, scope.company.pk, counted), pageOfTransactions(db, scope.company.pk, where, page)]);
    return { count, capped: false, results: shown(scope, found) };
  }
  const found = await unfilteredPage(db, listScope, page);
  return { count: found.count ?? (await storedListCount(db, scope.company.pk, list)), capped: false, results: shown(scope, found) };
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
