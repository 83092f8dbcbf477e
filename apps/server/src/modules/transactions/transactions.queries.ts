import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../db/prepared.js';
import {
  clientMemberships,
  files,
  ledgerAccounts,
  notes,
  syncErrors,
  transactionAttachments,
  transactionCounts,
  transactionLines,
  transactions,
} from '../../db/schema/index.js';
import { ACTIVE_STATUSES, CATEGORIZED_STATUSES } from './status.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type LineRow = typeof transactionLines.$inferSelect;

const ORDER: Record<TransactionListQuery['ordering'], SQL[]> = {
  date: [asc(transactions.date), asc(transactions.pk)],
  '-date': [desc(transactions.date), desc(transactions.pk)],
  amount: [asc(transactions.amount), asc(transactions.pk)],
  '-amount': [desc(transactions.amount), desc(transactions.pk)],
};

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

export interface DetailLine {
  pk: number;
  amount: string;
  description: string;
  billable: 'BILLABLE' | 'NOT_BILLABLE' | null;
  refs: Record<'category' | 'vendor' | 'customer' | 'class' | 'location' | 'tax' | 'tracking_option_one' | 'tracking_option_two', { pk: number; name: string } | null>;
}

export interface Details {
  pk: number;
  paymentAccountName: string | null;
  watchedAccountName: string | null;
  notesCount: number;
  lines: DetailLine[];
  /** `addedByClient`: its uploader is a client user of the company (what a client may remove). */
  attachments: { pk: number; file: number; name: string; content_type: string; addedByClient: boolean }[];
  syncErrors: { pk: number; message: string; created_at: string }[];
}

/** `{pk, name}` of a line's reference, or null: built in SQL so a page needs no follow-up queries. */
const refJson = (column: string, table: 'ledger_accounts' | 'ledger_refs') =>
  sql.raw(`case when l.${column} is null then null else json_build_object('pk', l.${column}, 'name', (select r.name from ${table} r where r.pk = l.${column})) end`);

// Qualified by hand: in a one-table select Drizzle writes bare column names, which the subqueries below would take for their own.
const tx = (column: 'pk' | 'payment_account_id' | 'watched_account_id' | 'client_company_id') => sql.raw(`"transactions"."${column}"`);

/**
 * Everything a transaction shows besides its own columns (lines with the names
 * they point at, attachments, open sync errors, account names, note count) as
 * one JSON value computed beside its row, so a page costs no follow-up
 * queries: round trips, not SQL, dominate a list request.
 */
const details = sql<Details | string>`json_build_object(
    'pk', ${tx('pk')},
    'paymentAccountName', (select a.name from ${ledgerAccounts} a where a.pk = ${tx('payment_account_id')}),
    'watchedAccountName', (select a.name from ${ledgerAccounts} a where a.pk = ${tx('watched_account_id')}),
    'notesCount', (select count(*) from ${notes} n where n.target_type = 'TRANSACTION' and n.target_pk = ${tx('pk')}),
    'lines', coalesce((select json_agg(json_build_object(
        'pk', l.pk, 'amount', l.amount::text, 'description', l.description, 'billable', l.billable,
        'refs', json_build_object(
          'category', ${refJson('category_id', 'ledger_accounts')},
          'vendor', ${refJson('vendor_id', 'ledger_refs')},
          'customer', ${refJson('customer_id', 'ledger_refs')},
          'class', ${refJson('class_id', 'ledger_refs')},
          'location', ${refJson('location_id', 'ledger_refs')},
          'tax', ${refJson('tax_id', 'ledger_refs')},
          'tracking_option_one', ${refJson('tracking_option_one_id', 'ledger_refs')},
          'tracking_option_two', ${refJson('tracking_option_two_id', 'ledger_refs')}))
      order by l.position) from ${transactionLines} l where l.transaction_id = ${tx('pk')}), '[]'::json),
    'attachments', coalesce((select json_agg(json_build_object('pk', ta.pk, 'file', f.pk, 'name', f.name, 'content_type', f.content_type,
        'addedByClient', exists(select 1 from ${clientMemberships} cm where cm.client_company_id = ${tx('client_company_id')} and cm.user_id = ta.created_by)) order by ta.pk)
      from ${transactionAttachments} ta join ${files} f on f.pk = ta.file_id where ta.transaction_id = ${tx('pk')}), '[]'::json),
    'syncErrors', coalesce((select json_agg(json_build_object('pk', e.pk, 'message', e.message, 'created_at', e.created_at) order by e.pk)
      from ${syncErrors} e where e.transaction_id = ${tx('pk')} and e.cleared_at is null), '[]'::json))`;

// Some drivers hand json back as text.
const parseDetails = (value: Details | string): Details => (typeof value === 'string' ? (JSON.parse(value) as Details) : value);

const rowsWithDetailsStatement = preparedPerDb((db) =>
  db
    .select({ row: transactions, details })
    .from(transactions)
    // The company is checked on each row found by pk (`+ 0` keeps its column out of the index choice): as an
    // indexed condition, the generic plan walked the company's list index instead of fetching ten rows by pk.
    .where(and(sql`${transactions.pk} = any(${sql.placeholder('pks')}::integer[])`, sql`${transactions.clientCompanyId} + 0 = ${sql.placeholder('companyPk')}`))
    .prepare('herd_rows_with_details'),
);

/**
 * Rows with their details, by pk, in the order asked. One statement text for
 * any number of pks (an array parameter), prepared once per connection:
 * planning its dozen subqueries cost three times running them.
 */
const rowsWithDetails = async (db: Db, companyPk: number, pks: number[]) => {
  if (pks.length === 0) return [];
  const found = await rowsWithDetailsStatement(db).execute({ companyPk, pks: arrayLiteral(pks) });
  const byPk = new Map(found.map((f) => [f.row.pk, f]));
  return pks.flatMap((pk) => {
    const hit = byPk.get(pk);
    return hit ? [{ row: hit.row, details: parseDetails(hit.details) }] : [];
  });
};

/** The details of some of a company's transactions (match them by pk). */
export const loadDetails = async (db: Db, companyPk: number, txPks: number[]): Promise<Details[]> => (await rowsWithDetails(db, companyPk, txPks)).map((r) => r.details);

/**
 * One page of rows with their details. The page's keys are found first, by a
 * query that needs only indexed columns (an index-only scan in date order
 * that tests the filters on index entries and stops at the page); then just
 * those rows are read. Read whole, every candidate row was fetched from the
 * table to be tested: 4,000 row visits for a filtered page instead of 10.
 * The keys query is planned for its values every time (a generic plan walked
 * the wrong index for a date range); the rows query is prepared.
 */
export const pageOfTransactions = async (
  db: Db,
  companyPk: number,
  where: SQL,
  page: { ordering: TransactionListQuery['ordering']; limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; details: Details[] }> => {
  const keys = await db
    .select({ pk: transactions.pk })
    .from(transactions)
    .where(where)
    .orderBy(...ORDER[page.ordering])
    .limit(page.limit)
    .offset(page.offset);
  const found = await rowsWithDetails(
    db,
    companyPk,
    keys.map((k) => k.pk),
  );
  return { rows: found.map((f) => f.row), details: found.map((f) => f.details) };
};

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

/** Columns of a transaction that change without its status; a status only changes through status-writer.ts. */
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

export const insertLines = (db: Db, rows: (typeof transactionLines.$inferInsert)[]) => (rows.length === 0 ? Promise.resolve() : db.insert(transactionLines).values(rows));

export const clearSyncErrors = (db: Db, companyPk: number, pks: number[]) =>
  db
    .update(syncErrors)
    .set({ clearedAt: new Date() })
    .where(and(inArray(syncErrors.transactionId, ofCompany(db, companyPk, pks)), isNull(syncErrors.clearedAt)));

export const openSyncErrorCount = async (db: Db, companyPk: number, txPk: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(syncErrors)
    .where(and(inArray(syncErrors.transactionId, ofCompany(db, companyPk, [txPk])), isNull(syncErrors.clearedAt)));
  return row?.n ?? 0;
};

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
