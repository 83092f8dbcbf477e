import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerRefs, transactionLines, transactions } from '../../../db/schema/index.js';
import { ANSWERED_STATUSES } from '../suggestions/suggestions.face.js';

/**
 * The company's answered transactions (finished in Herd, published or matched) of every merchant,
 * counted per merchant, direction and the one category the answer chose (null when its lines
 * chose several, or none): how many, how many were a suggestion taken as it was, the latest date,
 * and the text of the latest one (to name the merchant as people read it).
 */
export const answerTallies = async (db: Db, companyPk: number) => {
  const answered = db
    .select({
      pk: transactions.pk,
      merchantKey: transactions.merchantKey,
      deposit: sql<boolean>`${transactions.type} = 'DEPOSIT'`.as('deposit'),
      date: transactions.date,
      payee: transactions.payee,
      description: transactions.description,
      accepted: transactions.answeredFromSuggestion,
      // One category for the whole answer, or null: a split between categories agrees with no single suggestion.
      categoryId: sql<
        number | null
      >`case when count(${transactionLines.pk}) > 0 and count(${transactionLines.categoryId}) = count(${transactionLines.pk}) and min(${transactionLines.categoryId}) = max(${transactionLines.categoryId}) then min(${transactionLines.categoryId}) end`.as(
        'category_id',
      ),
    })
    .from(transactions)
    .leftJoin(transactionLines, eq(transactionLines.transactionId, transactions.pk))
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        inArray(transactions.status, ANSWERED_STATUSES),
        isNotNull(transactions.merchantKey),
        ne(transactions.merchantKey, ''),
      ),
    )
    .groupBy(transactions.pk)
    .as('answered');
  const rows = await db
    .select({
      merchantKey: answered.merchantKey,
      deposit: answered.deposit,
      categoryId: answered.categoryId,
      answers: sql<number>`count(*)::int`,
      accepted: sql<number>`(count(*) filter (where ${answered.accepted}))::int`,
      last: sql<string>`max(${answered.date})::text`,
      payee: sql<string>`(array_agg(${answered.payee} order by ${answered.date} desc, ${answered.pk} desc))[1]`,
      description: sql<string>`(array_agg(${answered.description} order by ${answered.date} desc, ${answered.pk} desc))[1]`,
    })
    .from(answered)
    .groupBy(answered.merchantKey, answered.deposit, answered.categoryId);
  return rows.map((r) => ({ ...r, merchantKey: r.merchantKey!, answers: Number(r.answers), accepted: Number(r.accepted) }));
};

export type AnswerTally = Awaited<ReturnType<typeof answerTallies>>[number];

/** Names of some of the company's vendors, by pk. */
export const vendorNames = async (db: Db, companyPk: number, pks: number[]) => {
  if (pks.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ pk: ledgerRefs.pk, name: ledgerRefs.name })
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), inArray(ledgerRefs.pk, [...new Set(pks)])));
  return new Map(rows.map((r) => [r.pk, r.name]));
};
