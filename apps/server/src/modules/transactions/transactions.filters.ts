import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FilterMarker, TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { transactionAttachments, transactionLines, transactions } from '../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../restrictions/account-scope.js';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Some line of the transaction lacks this field. */
const lineLacks = (column: AnyPgColumn) =>
  sql`exists (select 1 from ${transactionLines} where ${transactionLines.transactionId} = ${transactions.pk} and ${column} is null)`;

const MARKERS: Record<FilterMarker, () => SQL> = {
  WITHOUT_CLASS: () => lineLacks(transactionLines.classId),
  WITHOUT_LOCATION: () => lineLacks(transactionLines.locationId),
  WITHOUT_CUSTOMER: () => lineLacks(transactionLines.customerId),
  WITHOUT_VENDOR: () => lineLacks(transactionLines.vendorId),
  WITHOUT_TRACKING_CATEGORY_ONE: () => lineLacks(transactionLines.trackingOptionOneId),
  WITHOUT_TRACKING_CATEGORY_TWO: () => lineLacks(transactionLines.trackingOptionTwoId),
  WITHOUT_ATTACHMENTS: () =>
    sql`not exists (select 1 from ${transactionAttachments} where ${transactionAttachments.transactionId} = ${transactions.pk})`,
};

export interface ListScope {
  companyPk: number;
  statuses: readonly TransactionStatus[];
  hidden: boolean;
  restrictions: AccountRestrictions;
}

/** The WHERE of a list: its company, statuses and hidden flag, the user's account limits, and the screen's filters. */
export const transactionListWhere = (scope: ListScope, filter: Partial<TransactionListQuery> = {}): SQL =>
  and(
    eq(transactions.clientCompanyId, scope.companyPk),
    eq(transactions.isHidden, scope.hidden),
    inArray(transactions.status, [...(filter.status?.length ? filter.status.filter((s) => scope.statuses.includes(s)) : scope.statuses)]),
    restrictionWhere(scope.restrictions, {
      paymentAccountId: transactions.paymentAccountId,
      watchedAccountId: transactions.watchedAccountId,
    }),
    filter.search
      ? or(
          ilike(transactions.description, `%${escapeLike(filter.search)}%`),
          ilike(transactions.payee, `%${escapeLike(filter.search)}%`),
        )
      : undefined,
    filter.date_from ? gte(transactions.date, filter.date_from) : undefined,
    filter.date_to ? lte(transactions.date, filter.date_to) : undefined,
    filter.amount_min ? gte(transactions.amount, filter.amount_min) : undefined,
    filter.amount_max ? lte(transactions.amount, filter.amount_max) : undefined,
    filter.type?.length ? inArray(transactions.type, filter.type) : undefined,
    filter.subtype ? eq(transactions.subtype, filter.subtype) : undefined,
    filter.direction === 'SALES' ? eq(transactions.type, 'DEPOSIT') : undefined,
    filter.direction === 'COSTS' ? inArray(transactions.type, ['EXPENSE', 'BILL']) : undefined,
    filter.payment_account ? eq(transactions.paymentAccountId, filter.payment_account) : undefined,
    ...(filter.markers ?? []).map((m) => MARKERS[m]()),
  )!;
