import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewFindingRow } from './review-checks.types.js';
import type { Db } from '../../../db/client.js';
import {
  CATEGORIZED_STATUSES,
  clientCompanies,
  firms,
  ledgerAccounts,
  ledgerHistory,
  reviewFindings,
  transactionAttachments,
  transactionLines,
  transactions,
} from '../../../db/schema/index.js';
import type { CheckedRow, Finding } from './review-checks.rule.js';

/** The company's categorized transactions dated from `since`, with their lines' categories and whether anything is attached. */
export const rowsToCheck = async (db: Db, companyPk: number, since: string): Promise<CheckedRow[]> => {
  const rows = await db
    .select({
      pk: transactions.pk,
      date: transactions.date,
      amount: transactions.amount,
      type: transactions.type,
      merchantKey: sql<string>`coalesce(${transactions.merchantKey}, '')`,
      payee: transactions.payee,
      description: transactions.description,
      // Named with their table: a bare column inside the subquery would be the subquery's own.
      categories: sql<
        number[]
      >`array(select l.category_id from ${transactionLines} l where l.transaction_id = ${transactions}.pk and l.category_id is not null order by l.position)`,
      hasAttachment: sql<boolean>`exists (select 1 from ${transactionAttachments} a where a.transaction_id = ${transactions}.pk)`,
    })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.status, CATEGORIZED_STATUSES), sql`${transactions.date} >= ${since}`));
  const herd = rows.map((r) => ({ ...r, categories: (r.categories ?? []).map(Number), hasAttachment: Boolean(r.hasAttachment), ledgerExternalId: null }));
  return [...herd, ...(await ledgerRowsToCheck(db, companyPk, since))];
};

/**
 * The transactions categorized in the ledger itself, as the pulls keep them (one `ledger_history` row per categorized
 * line, from the company's sync date on): one row per transaction, its lines' amounts added up. Lines pulled before
 * amounts were kept are left out until the next full pull brings their amounts.
 */
const ledgerRowsToCheck = async (db: Db, companyPk: number, since: string): Promise<CheckedRow[]> => {
  const rows = await db
    .select({
      externalId: ledgerHistory.externalId,
      date: sql<string>`min(${ledgerHistory.date})::text`,
      amount: sql<string>`sum(${ledgerHistory.amount})::text`,
      deposit: sql<boolean>`bool_or(${ledgerHistory.deposit})`,
      merchantKey: sql<string>`min(${ledgerHistory.merchantKey})`,
      payee: sql<string>`min(${ledgerHistory.payee})`,
      description: sql<string>`min(${ledgerHistory.description})`,
      categories: sql<number[]>`array_agg(${ledgerHistory.categoryId} order by ${ledgerHistory.lineNumber})`,
    })
    .from(ledgerHistory)
    .where(and(eq(ledgerHistory.clientCompanyId, companyPk), sql`${ledgerHistory.date} >= ${since}`))
    .groupBy(ledgerHistory.externalId)
    .having(sql`bool_and(${ledgerHistory.amount} is not null)`);
  // Below zero: never one of Herd's pks, and unique within the run.
  return rows.map((r, i) => ({
    pk: -(i + 1),
    date: r.date,
    amount: r.amount,
    type: r.deposit ? 'DEPOSIT' : 'EXPENSE',
    merchantKey: r.merchantKey,
    payee: r.payee,
    description: r.description,
    categories: (r.categories ?? []).map(Number),
    hasAttachment: false,
    ledgerExternalId: r.externalId,
  }));
};

/** merchant key → category → lines: the company's categorized lines in Herd and in its ledger's own books. */
export const payeeHistory = async (db: Db, companyPk: number) => {
  const herd = await db
    .select({ merchantKey: transactions.merchantKey, categoryId: transactionLines.categoryId, n: sql<number>`count(*)::int` })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.pk, transactionLines.transactionId))
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        sql`${transactions.merchantKey} <> ''`,
        sql`${transactionLines.categoryId} is not null`,
        inArray(transactions.status, CATEGORIZED_STATUSES),
      ),
    )
    .groupBy(transactions.merchantKey, transactionLines.categoryId);
  const books = await db
    .select({ merchantKey: ledgerHistory.merchantKey, categoryId: ledgerHistory.categoryId, n: sql<number>`count(*)::int` })
    .from(ledgerHistory)
    .where(eq(ledgerHistory.clientCompanyId, companyPk))
    .groupBy(ledgerHistory.merchantKey, ledgerHistory.categoryId);
  const history = new Map<string, Map<number, number>>();
  for (const { merchantKey, categoryId, n } of [...herd, ...books]) {
    if (!merchantKey || categoryId === null) continue;
    const counts = history.get(merchantKey) ?? new Map<number, number>();
    counts.set(categoryId, (counts.get(categoryId) ?? 0) + Number(n));
    history.set(merchantKey, counts);
  }
  return history;
};

/** A parent account → its active sub-accounts' names, by the ledger's parent ids (an account pointing at none counts for none). */
export const subAccountsOf = async (db: Db, companyPk: number) => {
  const parent = alias(ledgerAccounts, 'parent');
  const rows = await db
    .select({ parentPk: parent.pk, name: ledgerAccounts.name })
    .from(ledgerAccounts)
    .innerJoin(parent, and(eq(parent.clientCompanyId, ledgerAccounts.clientCompanyId), eq(parent.externalId, ledgerAccounts.parentExternalId)))
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.active, true)))
    .orderBy(ledgerAccounts.name);
  const subs = new Map<number, string[]>();
  for (const { parentPk, name } of rows) subs.set(parentPk, [...(subs.get(parentPk) ?? []), name]);
  return subs;
};

export const categoryNamesOf = async (db: Db, companyPk: number) =>
  new Map(
    (await db.select({ pk: ledgerAccounts.pk, name: ledgerAccounts.name }).from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, companyPk))).map((a) => [
      a.pk,
      a.name,
    ]),
  );

export const companyForChecks = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select({
      pk: clientCompanies.pk,
      firmId: clientCompanies.firmId,
      askRules: clientCompanies.askRules,
      checkedAt: clientCompanies.reviewCheckedAt,
      settings: firms.reviewChecks,
    })
    .from(clientCompanies)
    .innerJoin(firms, eq(firms.pk, clientCompanies.firmId))
    .where(eq(clientCompanies.pk, companyPk));
  return row ?? null;
};

/** Findings per INSERT: seven parameters each, well under PostgreSQL's limit. */
const SAVE_CHUNK = 1000;

/**
 * A run's findings, in one transaction: new ones open, known ones keep their state (a dismissed one stays dismissed,
 * its words refreshed), and open ones this run did not find again are gone (the transaction was fixed).
 */
export const saveFindings = (db: Db, company: { pk: number; firmId: number }, findings: Finding[], at: Date) =>
  db.transaction(async (tx) => {
    const kept: number[] = [];
    const valuesOf = (chunk: Finding[]) =>
      chunk.map((f) => ({
        firmId: company.firmId,
        clientCompanyId: company.pk,
        transactionId: f.transactionPk,
        ledgerExternalId: f.ledgerExternalId ?? null,
        check: f.check,
        reason: f.reason,
        question: f.question,
        foundAt: at,
      }));
    const refresh = { reason: sql`excluded.reason`, question: sql`excluded.question` };
    const herd = findings.filter((f) => f.transactionPk !== null);
    const ledger = findings.filter((f) => f.transactionPk === null);
    // Many rows per statement: a company of 100,000 transactions may have thousands of findings. Each kind meets its
    // earlier self on its own unique index.
    for (let start = 0; start < herd.length; start += SAVE_CHUNK) {
      const rows = await tx
        .insert(reviewFindings)
        .values(valuesOf(herd.slice(start, start + SAVE_CHUNK)))
        .onConflictDoUpdate({ target: [reviewFindings.clientCompanyId, reviewFindings.transactionId, reviewFindings.check], set: refresh })
        .returning({ pk: reviewFindings.pk });
      kept.push(...rows.map((r) => r.pk));
    }
    for (let start = 0; start < ledger.length; start += SAVE_CHUNK) {
      const rows = await tx
        .insert(reviewFindings)
        .values(valuesOf(ledger.slice(start, start + SAVE_CHUNK)))
        .onConflictDoUpdate({
          target: [reviewFindings.clientCompanyId, reviewFindings.ledgerExternalId, reviewFindings.check],
          targetWhere: sql`ledger_external_id is not null`,
          set: refresh,
        })
        .returning({ pk: reviewFindings.pk });
      kept.push(...rows.map((r) => r.pk));
    }
    await tx
      .delete(reviewFindings)
      // The run's findings as one array parameter, however many there are.
      .where(and(eq(reviewFindings.clientCompanyId, company.pk), eq(reviewFindings.state, 'OPEN'), sql`${reviewFindings.pk} <> all(${sql.param(kept)}::int[])`));
    await tx.update(clientCompanies).set({ reviewCheckedAt: at }).where(eq(clientCompanies.pk, company.pk));
  });

/** One aggregate of the ledger transaction a finding names, when Herd does not hold it. */
const ofLedger = (aggregate: string) =>
  sql.raw(
    `(select ${aggregate} from ledger_history h where h.client_company_id = review_findings.client_company_id and h.external_id = review_findings.ledger_external_id)`,
  );

const findingColumns = {
  pk: reviewFindings.pk,
  check: reviewFindings.check,
  state: reviewFindings.state,
  reason: reviewFindings.reason,
  question: reviewFindings.question,
  foundAt: reviewFindings.foundAt,
  transactionPk: reviewFindings.transactionId,
  ledgerExternalId: reviewFindings.ledgerExternalId,
  date: sql<string>`coalesce(${transactions.date}::text, ${ofLedger('min(h.date)::text')})`,
  amount: sql<string>`coalesce(${transactions.amount}::text, ${ofLedger('sum(h.amount)::text')})`,
  payee: sql<string>`coalesce(nullif(${transactions.payee}, ''), ${transactions.description}, ${ofLedger('min(h.payee)')})`,
  status: transactions.status,
};

/** A ledger transaction gone from the pulled history (deleted, or now waiting on a watched account) has nothing to show. */
const stillThere = sql`(${reviewFindings.transactionId} is not null or exists ${ofLedger('1')})`;

export const listFindings = (db: Db, firmId: number, companyPk: number, state: ReviewFindingRow['state']): Promise<ReviewFindingRow[]> =>
  db
    .select(findingColumns)
    .from(reviewFindings)
    .leftJoin(transactions, eq(transactions.pk, reviewFindings.transactionId))
    .where(and(eq(reviewFindings.firmId, firmId), eq(reviewFindings.clientCompanyId, companyPk), eq(reviewFindings.state, state), stillThere))
    .orderBy(desc(findingColumns.date), desc(reviewFindings.pk))
    .limit(500);

/** A finding moved on by the accountant: dismissed (and who), or asked of the client. */
export const settleFinding = async (db: Db, firmId: number, companyPk: number, findingPk: number, to: { state: 'DISMISSED' | 'ASKED'; by: number; at: Date }) => {
  await db
    .update(reviewFindings)
    .set({ state: to.state, dismissedBy: to.by, dismissedAt: to.at })
    .where(and(eq(reviewFindings.firmId, firmId), eq(reviewFindings.clientCompanyId, companyPk), eq(reviewFindings.pk, findingPk)));
  return findingOf(db, firmId, companyPk, findingPk);
};

export const findingOf = async (db: Db, firmId: number, companyPk: number, findingPk: number) => {
  const [row] = await db
    .select(findingColumns)
    .from(reviewFindings)
    .leftJoin(transactions, eq(transactions.pk, reviewFindings.transactionId))
    .where(and(eq(reviewFindings.firmId, firmId), eq(reviewFindings.clientCompanyId, companyPk), eq(reviewFindings.pk, findingPk), stillThere));
  return row ?? null;
};

/** Open findings per company of one firm: the clients list's count. */
export const countOpenFindings = async (db: Db, firmId: number, companyPks: number[]): Promise<Map<number, number>> => {
  if (companyPks.length === 0) return new Map();
  const rows = await db
    .select({ companyPk: reviewFindings.clientCompanyId, n: sql<number>`count(*)::int` })
    .from(reviewFindings)
    .where(and(eq(reviewFindings.firmId, firmId), inArray(reviewFindings.clientCompanyId, companyPks), eq(reviewFindings.state, 'OPEN')))
    .groupBy(reviewFindings.clientCompanyId);
  return new Map(rows.map((r) => [r.companyPk, Number(r.n)]));
};
