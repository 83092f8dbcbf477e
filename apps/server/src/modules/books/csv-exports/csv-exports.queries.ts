import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXPORTABLE_STATUSES, type ExportableStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import {
  clientCompanies,
  csvExportBatches,
  csvExportBatchTransactions,
  ledgerAccounts,
  ledgerRefs,
  transactionAttachments,
  transactionLines,
  transactions,
  users,
} from '../../../db/schema/index.js';

export interface ExportFilters {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: ExportableStatus | undefined;
  onlyNew: boolean;
}

/**
 * The company's transactions an export holds: published (or matched), not
 * hidden, in the date range, and, when only new ones are asked for, not
 * carried by an earlier export since they were last published (compared to
 * the millisecond: the link keeps the moment as JavaScript read it).
 */
/**
 * Written out in full: drizzle leaves column names unqualified in a query on
 * one table, and inside a subquery an unqualified "pk" or "published_at"
 * would name the subquery's own table.
 */
const T = { pk: sql.raw('"transactions"."pk"'), publishedAt: sql.raw('"transactions"."published_at"') };

const exportableWhere = (companyPk: number, f: ExportFilters): SQL =>
  and(
    eq(transactions.clientCompanyId, companyPk),
    eq(transactions.isHidden, false),
    inArray(transactions.status, f.status ? [f.status] : [...EXPORTABLE_STATUSES]),
    f.dateFrom ? gte(transactions.date, f.dateFrom) : undefined,
    f.dateTo ? lte(transactions.date, f.dateTo) : undefined,
    f.onlyNew
      ? sql`not exists (select 1 from ${csvExportBatchTransactions} x where x.transaction_id = ${T.pk} and date_trunc('milliseconds', x.published_at) is not distinct from date_trunc('milliseconds', ${T.publishedAt}))`
      : undefined,
  )!;

const paymentAccount = alias(ledgerAccounts, 'payment_account');
const category = alias(ledgerAccounts, 'category');
const vendor = alias(ledgerRefs, 'vendor');
const customer = alias(ledgerRefs, 'customer');
const klass = alias(ledgerRefs, 'class');
const location = alias(ledgerRefs, 'location');

/**
 * Every line of the exportable transactions with the names it points at, in
 * date order, one statement so the export reads one consistent moment
 * (a transaction without lines comes back once, with a null line).
 */
export const findExportLines = (db: Db, companyPk: number, f: ExportFilters) =>
  db
    .select({
      pk: transactions.pk,
      date: transactions.date,
      type: transactions.type,
      description: transactions.description,
      payee: transactions.payee,
      amount: transactions.amount,
      currency: transactions.currency,
      memo: transactions.clientMemo,
      publishedAt: transactions.publishedAt,
      paymentAccount: paymentAccount.name,
      linePosition: transactionLines.position,
      lineAmount: transactionLines.amount,
      lineDescription: transactionLines.description,
      category: category.name,
      vendor: vendor.name,
      customer: customer.name,
      class: klass.name,
      location: location.name,
      attachmentFiles: sql<number[] | null>`(select array_agg(a.file_id order by a.pk) from ${transactionAttachments} a where a.transaction_id = ${T.pk})`,
    })
    .from(transactions)
    .leftJoin(paymentAccount, and(eq(paymentAccount.pk, transactions.paymentAccountId), eq(paymentAccount.clientCompanyId, companyPk)))
    .leftJoin(transactionLines, eq(transactionLines.transactionId, transactions.pk))
    .leftJoin(category, and(eq(category.pk, transactionLines.categoryId), eq(category.clientCompanyId, companyPk)))
    .leftJoin(vendor, and(eq(vendor.pk, transactionLines.vendorId), eq(vendor.clientCompanyId, companyPk)))
    .leftJoin(customer, and(eq(customer.pk, transactionLines.customerId), eq(customer.clientCompanyId, companyPk)))
    .leftJoin(klass, and(eq(klass.pk, transactionLines.classId), eq(klass.clientCompanyId, companyPk)))
    .leftJoin(location, and(eq(location.pk, transactionLines.locationId), eq(location.clientCompanyId, companyPk)))
    .where(exportableWhere(companyPk, f))
    .orderBy(asc(transactions.date), asc(transactions.pk), asc(transactionLines.position));
export type ExportLine = Awaited<ReturnType<typeof findExportLines>>[number];

/** How many transactions and CSV rows (lines, at least one per transaction) an export would hold. */
export const countExportable = async (db: Db, companyPk: number, f: ExportFilters) => {
  const [row] = await db
    .select({
      transactions: count(),
      lines: sql<number>`coalesce(sum(greatest(1, (select count(*) from ${transactionLines} l where l.transaction_id = ${T.pk}))), 0)::integer`,
    })
    .from(transactions)
    .where(exportableWhere(companyPk, f));
  return { transactions: row?.transactions ?? 0, lines: Number(row?.lines ?? 0) };
};

/** Holds the company's row until commit: two exports of one company run one after the other, so they cannot both carry a transaction as new. */
export const lockCompanyForExport = (db: Db, companyPk: number) =>
  db.select({ pk: clientCompanies.pk }).from(clientCompanies).where(eq(clientCompanies.pk, companyPk)).for('update');

export const insertBatch = async (db: Db, values: typeof csvExportBatches.$inferInsert) => (await db.insert(csvExportBatches).values(values).returning())[0]!;

export const linkBatchTransactions = async (db: Db, batchId: number, carried: { pk: number; publishedAt: Date | null }[]) => {
  // In slices: one statement's parameters are limited, and an export may carry many thousands.
  for (let i = 0; i < carried.length; i += 5000) {
    await db.insert(csvExportBatchTransactions).values(carried.slice(i, i + 5000).map((t) => ({ batchId, transactionId: t.pk, publishedAt: t.publishedAt })));
  }
};

const batchColumns = {
  pk: csvExportBatches.pk,
  createdAt: csvExportBatches.createdAt,
  createdBy: csvExportBatches.createdBy,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  dateFrom: csvExportBatches.dateFrom,
  dateTo: csvExportBatches.dateTo,
  status: csvExportBatches.status,
  onlyNew: csvExportBatches.onlyNew,
  transactionCount: csvExportBatches.transactionCount,
  lineCount: csvExportBatches.lineCount,
};
export const findBatches = (db: Db, companyPk: number, page: number, pageSize: number) =>
  db
    .select(batchColumns)
    .from(csvExportBatches)
    .leftJoin(users, eq(users.pk, csvExportBatches.createdBy))
    .where(eq(csvExportBatches.clientCompanyId, companyPk))
    .orderBy(desc(csvExportBatches.createdAt), desc(csvExportBatches.pk))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
export type BatchSummaryRow = Awaited<ReturnType<typeof findBatches>>[number];

export const findBatch = async (db: Db, companyPk: number, batchPk: number) =>
  (
    await db
      .select(batchColumns)
      .from(csvExportBatches)
      .leftJoin(users, eq(users.pk, csvExportBatches.createdBy))
      .where(and(eq(csvExportBatches.clientCompanyId, companyPk), eq(csvExportBatches.pk, batchPk)))
  )[0];

export const countBatches = async (db: Db, companyPk: number) =>
  (await db.select({ n: count() }).from(csvExportBatches).where(eq(csvExportBatches.clientCompanyId, companyPk)))[0]?.n ?? 0;

export const findBatchContent = async (db: Db, companyPk: number, batchPk: number) =>
  (
    await db
      .select({ content: csvExportBatches.content })
      .from(csvExportBatches)
      .where(and(eq(csvExportBatches.clientCompanyId, companyPk), eq(csvExportBatches.pk, batchPk)))
  )[0]?.content;
