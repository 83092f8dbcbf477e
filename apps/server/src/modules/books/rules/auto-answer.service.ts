import type { Db } from '../../../db/client.js';
import { recordAutomation, writeRuleAnswers, type RuleAnswer } from '../transactions/transactions.face.js';
import { countRuleUses } from './rules.queries.js';

export type AutoAnswer = RuleAnswer;

/**
 * Answers open transactions by the accountant's rules set to answer by themselves, in one database
 * transaction: the transactions module writes each answer (one line with the rule's category and
 * vendor, marked "auto", finished through its status writer), and each rule counts its uses (and the
 * automation report records each act).
 * Nothing is published: the rows wait in the accountant's Categorized list. A row someone changed
 * meanwhile is left to them.
 */
export const autoAnswer = (db: Db, firmId: number, companyPk: number, answers: AutoAnswer[]) =>
  answers.length === 0
    ? Promise.resolve([])
    : db.transaction(async (tx) => {
        const written = await writeRuleAnswers(tx, { firmId, companyPk }, answers);
        const uses = new Map<number, number>();
        for (const a of written) uses.set(a.ruleId, (uses.get(a.ruleId) ?? 0) + 1);
        await countRuleUses(tx, firmId, uses, 'timesApplied');
        await recordAutomation(
          tx,
          written.map((a) => ({ firmId, companyPk, transactionPk: a.pk, agent: 'RULE' as const, ruleId: a.ruleId })),
        );
        return written.map((a) => a.pk);
      });
