import { and, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FilterMarker, TransactionListQuery, TransactionStatus } from '@herd/contract';
import { MARKER_BITS, transactions } from '../../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const ALL_MARKER_BITS = Object.values(MARKER_BITS).reduce((all, bit) => all | bit, 0);

/**
 * The WITHOUT_* markers asked for (a transaction must match each), as a test
 * of the `markers` bitmask the triggers keep: an EXISTS over lines per
 * candidate row cost 100 ms on 27,000 candidates. Written as `markers IN
 * (every value holding those bits)` rather than `markers & mask = mask`, so
 * that transactions_markers_idx can descend to the matching entries only.
 */
const markersWhere = (markers: readonly FilterMarker[] | undefined): SQL | undefined => {
  if (!markers?.length) return undefined;
  const mask = markers.reduce((bits, m) => bits | MARKER_BITS[m], 0);
  const values: number[] = [];
  for (let v = 0; v <= ALL_MARKER_BITS; v++) if ((v & mask) === mask) values.push(v);
  // Numbers computed here, not user input: inlined to keep the statement free of a hundred parameters.
  return sql`${transactions.markers} in (${sql.raw(values.join(', '))})`;
};

export interface ListScope {
  companyPk: number;
  statuses: readonly TransactionStatus[];
  hidden: boolean;
  restrictions: AccountRestrictions;
}

/** The statuses a list shows: its own, or those of them the `status` filter picks. */
export const listStatuses = (scope: Pick<ListScope, 'statuses'>, filter: Partial<TransactionListQuery>): TransactionStatus[] =>
  filter.status?.length ? filter.status.filter((s) => scope.statuses.includes(s)) : [...scope.statuses];

/** Whether the screen's filters narrow the rows below "these statuses, this hidden flag". */
export const narrowsRows = (filter: Partial<TransactionListQuery>): boolean =>
  Boolean(
    filter.search ||
    filter.date_from ||
    filter.date_to ||
    filter.amount_min ||
    filter.amount_max ||
    filter.type?.length ||
    filter.subtype ||
    filter.direction ||
    filter.payment_account ||
    filter.markers?.length ||
    filter.kept,
  );

/** The WHERE of a list: its company, statuses and hidden flag, the user's account limits, and the screen's filters. */
export const transactionListWhere = (scope: ListScope, filter: Partial<TransactionListQuery> = {}): SQL =>
  and(
    eq(transactions.clientCompanyId, scope.companyPk),
    eq(transactions.isHidden, scope.hidden),
    inArray(transactions.status, listStatuses(scope, filter)),
    restrictionWhere(scope.restrictions, {
      paymentAccountId: transactions.paymentAccountId,
      watchedAccountId: transactions.watchedAccountId,
    }),
    filter.search ? or(ilike(transactions.description, `%${escapeLike(filter.search)}%`), ilike(transactions.payee, `%${escapeLike(filter.search)}%`)) : undefined,
    filter.date_from ? gte(transactions.date, filter.date_from) : undefined,
    filter.date_to ? lte(transactions.date, filter.date_to) : undefined,
    filter.amount_min ? gte(transactions.amount, filter.amount_min) : undefined,
    filter.amount_max ? lte(transactions.amount, filter.amount_max) : undefined,
    filter.type?.length ? inArray(transactions.type, filter.type) : undefined,
    filter.subtype ? eq(transactions.subtype, filter.subtype) : undefined,
    filter.direction === 'SALES' ? eq(transactions.type, 'DEPOSIT') : undefined,
    filter.direction === 'COSTS' ? inArray(transactions.type, ['EXPENSE', 'BILL']) : undefined,
    filter.payment_account ? eq(transactions.paymentAccountId, filter.payment_account) : undefined,
    markersWhere(filter.markers),
    // Only hidden rows are ever kept: on another list, `kept=true` finds nothing and `kept=false` narrows nothing.
    filter.kept === 'true' ? isNotNull(transactions.keptBy) : filter.kept === 'false' ? isNull(transactions.keptBy) : undefined,
  )!;
