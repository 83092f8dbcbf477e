import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactionLines, transactions } from '../../../db/schema/index.js';
import { moveStatuses } from './status-writer.queries.js';

/** An accountant's rule answering one open transaction: one line of the whole amount, with the rule's category (and vendor). */
export interface RuleAnswer {
  pk: number;
  amount: string;
  categoryId: number;
  vendorId: number | null;
  ruleId: number;
}

/**
 * Writes the answers of rules set to answer by themselves, in the caller's database transaction:
 * each row is finished through the one status writer (so the audit log says the job did it, naming
 * the rule), takes the rule's line in place of its own, and is marked "auto". A row someone changed
 * meanwhile (no longer READY) is left to them. Returns the answers written.
 */
export const writeRuleAnswers = async <A extends RuleAnswer>(tx: Db, owner: { firmId: number; companyPk: number }, answers: A[]): Promise<A[]> => {
  const moved = await moveStatuses(
    tx,
    { ...owner, actorUserId: null },
    'transaction.auto_answer',
    answers.map((a) => ({
      row: { pk: a.pk, status: 'READY' as const },
      to: 'FINISHED_IN_HERD' as const,
      values: { categorizedBy: null, categorizedAt: new Date(), backMessage: '' },
      details: { rule: a.ruleId },
      answer: a,
    })),
    'skip',
  );
  if (moved.length === 0) return [];
  const owned = and(
    eq(transactions.clientCompanyId, owner.companyPk),
    inArray(
      transactions.pk,
      moved.map((m) => m.answer.pk),
    ),
  );
  const pks = (await tx.select({ pk: transactions.pk }).from(transactions).where(owned)).map((r) => r.pk);
  await tx.delete(transactionLines).where(inArray(transactionLines.transactionId, pks));
  await tx
    .insert(transactionLines)
    .values(moved.map(({ answer: a }) => ({ transactionId: a.pk, position: 0, amount: a.amount, categoryId: a.categoryId, vendorId: a.vendorId })));
  for (const { answer: a } of moved) {
    await tx
      .update(transactions)
      .set({ autoAnswered: true, answeredFromSuggestion: false, ruleId: a.ruleId })
      .where(and(eq(transactions.clientCompanyId, owner.companyPk), eq(transactions.pk, a.pk)));
  }
  return moved.map((m) => m.answer);
};
