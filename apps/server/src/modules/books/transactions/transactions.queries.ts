import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../../db/prepared.js';
import { syncErrors, transactionCounts, transactionLines, transactions } from '../../../db/schema/index.js';
import { ACTIVE_STATUSES, CATEGORIZED_STATUSES } from './status.rule.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type LineRow = typeof transactionLines.$inferSelect;

/** Counted lists (filtered or restricted) count exactly up to this many rows and say "more" beyond: each match costs an index entry. */
export const COUNT_CAP = 1_000;

export const countTransactions = async (db: Db, where: SQL, cap = COUNT_CAP) => {
  const limited = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  // Not prepared: a generic plan does not know the filter's values and walked the wrong index.
  const [row] = await db.select({ n: count() }).from(limited);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
};

export const findTransactionsOfCompany = (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([] as TransactionRow[])
    : db
        .select()
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, pks)));

/** The company's rows waiting in PROCESSING (published, not yet written to the ledger). */
export const findProcessingOfCompany = (db: Db, companyPk: number) =>
  db
    .select({ pk: transactions.pk })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.status, 'PROCESSING')));

const storedListCountStatement = preparedPerDb((db) =>
  db
    .select({ n: sql<string | number | null>`sum(${transactionCounts.n})` })
    .from(transactionCounts)
    .where(
      and(
        eq(transactionCounts.clientCompanyId, sql.placeholder('companyPk')),
        eq(transactionCounts.isHidden, sql.placeholder('hidden')),
        sql`${transactionCounts.status} = any(${sql.placeholder('statuses')}::transaction_status[])`,
      ),
    )
    .prepare('herd_stored_list_count'),
);

/** How many rows the stored per-status counts hold for a list: exact, and a dozen rows to read whatever the company's size. */
export const storedListCount = async (db: Db, companyPk: number, list: { statuses: readonly TransactionStatus[]; hidden: boolean }) => {
  if (list.statuses.length === 0) return 0;
  const [row] = await storedListCountStatement(db).execute({ companyPk, hidden: list.hidden, statuses: arrayLiteral(list.statuses) });
  return Number(row?.n ?? 0);
};

/** Columns of a transaction that change without its status; a status only changes through status-writer.queries.ts. */
export type TransactionValues = Omit<Partial<typeof transactions.$inferInsert>, 'status' | 'pk' | 'clientCompanyId'>;

export const updateTransactions = (db: Db, companyPk: number, pks: number[], values: TransactionValues) =>
  db
    .update(transactions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, pks)));

/** The company's transactions among `pks`, as a subquery: lines and errors are reached through their transaction's company. */
const ofCompany = (db: Db, companyPk: number, pks: number[]) =>
  db
    .select({ pk: transactions.pk })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, pks)));

export const deleteLines = (db: Db, companyPk: number, txPks: number[]) =>
  db.delete(transactionLines).where(inArray(transactionLines.transactionId, ofCompany(db, companyPk, txPks)));

/** New lines, unsent (they go out with the rest of an answer, `writeTogether`); undefined when there are none. */
export const linesInsert = (db: Db, rows: (typeof transactionLines.$inferInsert)[]) => (rows.length === 0 ? undefined : db.insert(transactionLines).values(rows));

export const clearSyncErrors = (db: Db, companyPk: number, pks: number[]) =>
  db
    .update(syncErrors)
    .set({ clearedAt: new Date() })
    .where(and(inArray(syncErrors.transactionId, ofCompany(db, companyPk, pks)), isNull(syncErrors.clearedAt)));

export interface StatusCount {
  status: TransactionStatus;
  hidden: boolean;
  n: number;
}

/** The counters of each list, from a company's counts per status and hidden flag. */
export const countsByList = (rows: StatusCount[]) => {
  const sum = (hidden: boolean, statuses?: readonly TransactionStatus[]) =>
    rows.filter((r) => r.hidden === hidden && (!statuses || statuses.includes(r.status))).reduce((total, r) => total + r.n, 0);
  return {
    active: sum(false, ACTIVE_STATUSES),
    categorized: sum(false, CATEGORIZED_STATUSES),
    hidden: sum(true),
    syncErrors: sum(false, ['SYNC_ERROR']),
    processing: sum(false, ['PROCESSING']),
    ready: sum(false, ['READY']),
    completed: sum(false, ['FINISHED_IN_HERD', 'SYNC_ERROR', 'PROCESSING', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM']),
  };
};

/** A company's counts per status and hidden flag as the triggers keep them: a dozen rows, whatever the company's size. */
export const storedStatusCounts = (db: Db, companyPk: number): Promise<StatusCount[]> =>
  db
    .select({ status: transactionCounts.status, hidden: transactionCounts.isHidden, n: transactionCounts.n })
    .from(transactionCounts)
    .where(eq(transactionCounts.clientCompanyId, companyPk));

/**
 * The same counts taken from the rows, for a restricted client user (the
 * stored counts are per company, not per account). The list index holds the
 * account columns, so this is an index-only scan of the company.
 */
export const liveStatusCounts = (db: Db, companyPk: number, extraWhere?: SQL): Promise<StatusCount[]> =>
  db
    .select({ status: transactions.status, hidden: transactions.isHidden, n: count() })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), extraWhere))
    .groupBy(transactions.status, transactions.isHidden);

/** The stored lines of some of a company's transactions, in order. */
export const loadLines = (db: Db, companyPk: number, txPks: number[]) =>
  txPks.length === 0
    ? Promise.resolve([] as LineRow[])
    : db
        .select()
        .from(transactionLines)
        .where(inArray(transactionLines.transactionId, ofCompany(db, companyPk, txPks)))
        .orderBy(asc(transactionLines.transactionId), asc(transactionLines.position));
