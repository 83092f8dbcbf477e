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
  return rows.map((r) => ({ ...r, categories: (r.categories ?? []).map(Number), hasAttachment: Boolean(r.hasAttachment) }));
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
    // Many rows per statement: a company of 100,000 transactions may have thousands of findings.
    for (let start = 0; start < findings.length; start += SAVE_CHUNK) {
      const chunk = findings.slice(start, start + SAVE_CHUNK);
      const rows = await tx
        .insert(reviewFindings)
        .values(
          chunk.map((f) => ({
            firmId: company.firmId,
            clientCompanyId: company.pk,
            transactionId: f.transactionPk,
            check: f.check,
            reason: f.reason,
            question: f.question,
            foundAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [reviewFindings.clientCompanyId, reviewFindings.transactionId, reviewFindings.check],
          set: { reason: sql`excluded.reason`, question: sql`excluded.question` },
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

const findingColumns = {
  pk: reviewFindings.pk,
  check: reviewFindings.check,
  state: reviewFindings.state,
  reason: reviewFindings.reason,
  question: reviewFindings.question,
  foundAt: reviewFindings.foundAt,
  transactionPk: transactions.pk,
  date: transactions.date,
  amount: transactions.amount,
  payee: sql<string>`coalesce(nullif(${transactions.payee}, ''), ${transactions.description})`,
  status: transactions.status,
};

export const listFindings = (db: Db, firmId: number, companyPk: number, state: ReviewFindingRow['state']): Promise<ReviewFindingRow[]> =>
  db
    .select(findingColumns)
    .from(reviewFindings)
    .innerJoin(transactions, eq(transactions.pk, reviewFindings.transactionId))
    .where(and(eq(reviewFindings.firmId, firmId), eq(reviewFindings.clientCompanyId, companyPk), eq(reviewFindings.state, state)))
    .orderBy(desc(transactions.date), desc(reviewFindings.pk))
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
    .innerJoin(transactions, eq(transactions.pk, reviewFindings.transactionId))
    .where(and(eq(reviewFindings.firmId, firmId), eq(reviewFindings.clientCompanyId, companyPk), eq(reviewFindings.pk, findingPk)));
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
