import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactionLines, transactions } from '../../db/schema/index.js';
import { moveStatuses } from '../transactions/status-writer.js';
import { countRuleUses } from './rules.queries.js';

export interface AutoAnswer {
  pk: number;
  amount: string;
  categoryId: number;
  vendorId: number | null;
  ruleId: number;
}

/**
 * Answers open transactions by the accountant's rules set to answer by themselves: one line with
 * the rule's category (and vendor), marked "auto", finished through the one status writer (so the
 * audit log says the job did it), in one database transaction. Nothing is published: the rows wait
 * in the accountant's Categorized list. A row someone changed meanwhile is left to them.
 */
export const autoAnswer = (db: Db, firmId: number, companyPk: number, answers: AutoAnswer[]) =>
  answers.length === 0
    ? Promise.resolve([])
    : db.transaction(async (tx) => {
        const moved = await moveStatuses(
          tx,
          { firmId, companyPk, actorUserId: null },
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
        const pks = moved.map((m) => m.row.pk);
        await tx.delete(transactionLines).where(inArray(transactionLines.transactionId, pks));
        await tx
          .insert(transactionLines)
          .values(moved.map(({ answer: a }) => ({ transactionId: a.pk, position: 0, amount: a.amount, categoryId: a.categoryId, vendorId: a.vendorId })));
        for (const { answer: a } of moved) {
          await tx
            .update(transactions)
            .set({ autoAnswered: true, answeredFromSuggestion: false, ruleId: a.ruleId })
            .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, a.pk)));
        }
        const uses = new Map<number, number>();
        for (const { answer: a } of moved) uses.set(a.ruleId, (uses.get(a.ruleId) ?? 0) + 1);
        await countRuleUses(tx, firmId, uses, 'timesApplied');
        return pks;
      });
