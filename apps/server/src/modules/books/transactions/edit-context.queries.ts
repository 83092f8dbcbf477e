import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RefKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../../db/prepared.js';
import { ledgerAccounts, ledgerRefs, transactionAttachments, transactionLines, transactions } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { restrictionWhere } from '../../../kernel/account-scope.js';
import type { KnownRefs } from './lines.rule.js';
import type { LineRow, TransactionRow } from './transactions.queries.js';

/** What an edit reads before it writes. */
export interface EditContext {
  /** The rows, one per pk asked (in that order, each once). */
  rows: TransactionRow[];
  /** Their lines, by transaction and position. */
  lines: LineRow[];
  /** Which of them have an attachment (the finish rule may ask for one). */
  attached: Set<number>;
  known: KnownRefs;
}

const pairs = <V>(value: [number, V][] | string | null): [number, V][] => (typeof value === 'string' ? (JSON.parse(value) as [number, V][]) : (value ?? []));

/** A value bound now, or a placeholder of the prepared statement. */
type Bound<T> = T | Placeholder;

/**
 * The rows with their lines (one result row per line), whether each has an attachment, and the
 * categories and references named, the last two computed once for the statement (uncorrelated
 * subqueries). `pks`, `accountPks` and `refPks` are integer array literals.
 */
const editContextSelect = (db: Db, where: SQL, companyPk: Bound<number>, accountPks: Bound<string>, refPks: Bound<string>) =>
  db
    .select({
      row: transactions,
      line: transactionLines,
      attached: sql<boolean>`exists (select 1 from ${transactionAttachments} a where a.transaction_id = ${transactions.pk})`,
      accounts: sql<[number, string][] | string | null>`(select json_agg(json_build_array(a.pk, a.account_type)) from ${ledgerAccounts} a
        where a.client_company_id = ${companyPk} and a.pk = any(${accountPks}::integer[]))`,
      refs: sql<[number, RefKind][] | string | null>`(select json_agg(json_build_array(r.pk, r.kind)) from ${ledgerRefs} r
        where r.client_company_id = ${companyPk} and r.pk = any(${refPks}::integer[]))`,
    })
    .from(transactions)
    .leftJoin(transactionLines, eq(transactionLines.transactionId, transactions.pk))
    .where(where)
    .orderBy(asc(transactions.pk), asc(transactionLines.position));

// The company is checked on each row found by pk (`+ 0` keeps its column out of the index choice), as in
// rowsWithDetails: as an indexed condition, a generic plan may walk the company's list index instead.
const byPks = (pks: Bound<string>, companyPk: Bound<number>) =>
  and(sql`${transactions.pk} = any(${pks}::integer[])`, sql`${transactions.clientCompanyId} + 0 = ${companyPk}`)!;

const prepare = (db: Db, name: string, where: SQL) =>
  editContextSelect(db, where, sql.placeholder('companyPk'), sql.placeholder('accountPks'), sql.placeholder('refPks')).prepare(name);

// One transaction (an answer, the editor's save) has a statement of its own: given an array, the planner
// costs a generic plan for ten rows and a custom one for the one asked, so it planned again on every call.
const oneStatement = preparedPerDb((db) =>
  prepare(db, 'herd_edit_context_one', and(eq(transactions.pk, sql.placeholder('pk')), sql`${transactions.clientCompanyId} + 0 = ${sql.placeholder('companyPk')}`)!),
);
const manyStatement = preparedPerDb((db) => prepare(db, 'herd_edit_context', byPks(sql.placeholder('pks'), sql.placeholder('companyPk'))));

/**
 * Everything an edit of `pks` reads before it writes, in one statement (an answer is mostly round
 * trips): the rows within the access (any pk outside it, another company or an account the user
 * is not given, is 404, as `findScoped`), their lines, their attachments, and the company's
 * categories (`accountPks`) and references (`refPks`) among those the edit names. Prepared once per
 * connection for a user without account restrictions (nearly all); a restricted one adds its accounts.
 */
export const loadEditContext = async (db: Db, access: CompanyAccess, pks: number[], named: { accountPks: number[]; refPks: number[] }): Promise<EditContext> => {
  const unique = [...new Set(pks)];
  if (unique.length === 0) return { rows: [], lines: [], attached: new Set(), known: { accounts: new Map(), refs: new Map() } };
  const companyPk = access.company.pk;
  const values = { pks: arrayLiteral(unique), companyPk, accountPks: arrayLiteral(named.accountPks), refPks: arrayLiteral(named.refPks) };
  const restricted = restrictionWhere(access.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId });
  const found = restricted
    ? await editContextSelect(db, and(byPks(values.pks, companyPk), restricted)!, companyPk, values.accountPks, values.refPks)
    : unique.length === 1
      ? await oneStatement(db).execute({ ...values, pk: unique[0] })
      : await manyStatement(db).execute(values);
  const rows = new Map<number, TransactionRow>();
  const lines: LineRow[] = [];
  const attached = new Set<number>();
  for (const f of found) {
    rows.set(f.row.pk, f.row);
    if (f.line) lines.push(f.line);
    if (f.attached) attached.add(f.row.pk);
  }
  if (rows.size !== unique.length) throw new NotFoundError();
  const first = found[0]!;
  return {
    rows: unique.map((pk) => rows.get(pk)!),
    lines,
    attached,
    known: { accounts: new Map(pairs(first.accounts)), refs: new Map(pairs(first.refs)) },
  };
};
