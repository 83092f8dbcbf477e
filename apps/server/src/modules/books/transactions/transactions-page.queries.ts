import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TRANSACTION_PAGE_SIZE_MAX, TRANSACTION_STATUSES, type TransactionListQuery, type TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { transactionCounts, transactions } from '../../../db/schema/index.js';
import { details, parseDetails, rowsWithDetails, type Details } from './transactions-details.queries.js';
import { COUNT_CAP, type TransactionRow } from './transactions.queries.js';

type Ordering = TransactionListQuery['ordering'];

const ORDER: Record<Ordering, SQL[]> = {
  date: [asc(transactions.date), asc(transactions.pk)],
  '-date': [desc(transactions.date), desc(transactions.pk)],
  amount: [asc(transactions.amount), asc(transactions.pk)],
  '-amount': [desc(transactions.amount), desc(transactions.pk)],
};

export interface Page {
  rows: TransactionRow[];
  details: Details[];
}

type PageWindow = { ordering: Ordering; limit: number; offset: number };

/**
 * The keys of a page, in the list's order. They need only indexed columns, so
 * they come from an index-only scan that tests the filters on index entries and
 * stops at the page; the rows are then read by pk. Read whole, every candidate
 * row was fetched from the table to be tested: 4,000 row visits for a filtered
 * page instead of 10.
 */
const keysOf = (db: Db, where: SQL, page: PageWindow) =>
  db
    .select({ pk: transactions.pk })
    .from(transactions)
    .where(where)
    .orderBy(...ORDER[page.ordering])
    .limit(page.limit)
    .offset(page.offset);

/** The rows by pk, in the order of `keys`, with their details (one prepared statement). */
const pageOf = async (db: Db, companyPk: number, keys: number[]): Promise<Page> => {
  const found = await rowsWithDetails(db, companyPk, keys);
  return { rows: found.map((f) => f.row), details: found.map((f) => f.details) };
};

/**
 * One page of rows with their details, for any WHERE, without a count. The keys
 * query is planned for its values every time (a generic plan walked the wrong
 * index for a date range); the rows query is prepared.
 */
export const pageOfTransactions = async (db: Db, companyPk: number, where: SQL, page: PageWindow): Promise<Page> =>
  pageOf(
    db,
    companyPk,
    (await keysOf(db, where, page)).map((k) => k.pk),
  );

/**
 * A page of a filtered or restricted list with its count, in two statements:
 * the count (up to `cap`, beyond which the screens say "1,000+") and the page's
 * keys in one, planned for the filter's values (not prepared: a generic plan
 * does not know a date range and walked the wrong index); then the rows by pk.
 */
export const filteredPage = async (db: Db, companyPk: number, where: SQL, page: PageWindow, cap = COUNT_CAP): Promise<Page & { count: number; capped: boolean }> => {
  const limited = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(where)
    .limit(cap + 1);
  const keys = keysOf(db, where, page);
  const result = (await db.execute(sql`select (select count(*) from (${limited}) limited) as n, array(${keys}) as keys`)) as {
    rows: { n: string | number; keys: number[] | string }[];
  };
  const n = Number(result.rows[0]!.n);
  return { ...(await pageOf(db, companyPk, integerArray(result.rows[0]!.keys))), count: Math.min(n, cap), capped: n > cap };
};

/** An integer array as the driver hands it back (parsed, or PostgreSQL's `{1,2}` text). */
const integerArray = (value: number[] | string): number[] =>
  typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : value.map(Number);

const companyPk = sql.placeholder('companyPk');

/** A list's own statuses, written into the statement: enum names from the list definitions, never a request's. */
const statusList = (statuses: readonly TransactionStatus[]) => {
  if (statuses.length === 0 || statuses.some((s) => !TRANSACTION_STATUSES.includes(s))) throw new Error(`Not a list's statuses: ${statuses.join(', ')}`);
  return sql.raw(statuses.map((s) => `'${s}'`).join(', '));
};

/**
 * A whole unfiltered page in one statement: its keys (in the list's order, from
 * a list index), those rows with their details, and the list's stored count
 * (computed once, beside the rows). Prepared: the details' subqueries cost more
 * to plan than to run. The list's statuses and hidden flag are in the text, not
 * parameters, so that the generic plan of a one-status list (the client's
 * active one) walks the index that starts with its status in date order instead
 * of testing the status on every entry of the company's date index. The page
 * size is in the text too: with its limit a parameter, PostgreSQL costed the
 * generic plan for a tenth of the company's rows, found it dearer than a plan
 * for ten, and planned the statement again on every request (three times the
 * cost of running it). Knowing the limit, it keeps the generic plan after five.
 */
const unfilteredPageStatement = (db: Db, name: string, list: { statuses: readonly TransactionStatus[]; hidden: boolean }, ordering: Ordering, pageSize: number) => {
  const inList = sql`${transactions.status} in (${statusList(list.statuses)})`;
  const inOrder = db
    .select({ pk: transactions.pk })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), sql`${transactions.isHidden} = ${sql.raw(String(list.hidden))}`, inList))
    .orderBy(...ORDER[ordering]);
  const keys = sql`(${inOrder.getSQL()} limit ${pageSizeInText(pageSize)} offset ${sql.placeholder('offset')})`;
  const storedCount = sql<string | number | null>`(select sum(c.n) from ${transactionCounts} c
    where c.client_company_id = ${companyPk} and c.is_hidden = ${sql.raw(String(list.hidden))} and c.status in (${statusList(list.statuses)}))`;
  return (
    db
      .select({ row: transactions, details, count: storedCount })
      .from(transactions)
      // As in the rows by pk: the company is tested on each row found, not used to choose an index.
      .where(and(inArray(transactions.pk, keys), sql`${transactions.clientCompanyId} + 0 = ${companyPk}`))
      .orderBy(...ORDER[ordering])
      .prepare(name)
  );
};

/** A page size written into a statement's text: the contract's whole number from 1 to 100, never anything else. */
const pageSizeInText = (pageSize: number) => {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > TRANSACTION_PAGE_SIZE_MAX) throw new Error(`Not a page size: ${pageSize}`);
  return sql.raw(String(pageSize));
};

/** The statements by name, per database: a handful (each list's statuses, in each ordering and page size asked for). */
const unfilteredPageStatements = preparedPerDb(() => new Map<string, ReturnType<typeof unfilteredPageStatement>>());

/** A short statement name for a list and ordering (PostgreSQL cuts names at 63 bytes). */
const statementName = (list: { statuses: readonly TransactionStatus[]; hidden: boolean }, ordering: Ordering, pageSize: number) => {
  const mask = list.statuses.reduce((bits, s) => bits | (1 << TRANSACTION_STATUSES.indexOf(s)), 0);
  return `herd_page_${ordering.replace('-', 'desc_')}_${list.hidden ? 'h' : 'v'}${mask}_${pageSize}`;
};

/**
 * A page of a list narrowed by nothing but its statuses and hidden flag, with
 * the list's exact size; null as the count when the page is past the end (the
 * caller then reads the count alone).
 */
export const unfilteredPage = async (
  db: Db,
  list: { companyPk: number; statuses: readonly TransactionStatus[]; hidden: boolean },
  page: PageWindow,
): Promise<Page & { count: number | null }> => {
  const name = statementName(list, page.ordering, page.limit);
  const statements = unfilteredPageStatements(db);
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = unfilteredPageStatement(db, name, list, page.ordering, page.limit)));
  const found = await statement.execute({ companyPk: list.companyPk, offset: page.offset });
  return {
    rows: found.map((f) => f.row),
    details: found.map((f) => parseDetails(f.details)),
    count: found.length > 0 ? Number(found[0]!.count ?? 0) : null,
  };
};
