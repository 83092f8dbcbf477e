import type { AnswerChannel } from '@herd/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { answerTransactions } from '../../books/transactions/transactions.face.js';
import type { Category } from './category-matching.rule.js';
import type { QuestionOutcome } from './reply-answers.rule.js';
import { learnWords, saveSheet, type QuestionSheet } from './text-answers.queries.js';
import { phraseKey } from './category-matching.rule.js';

export type SheetAnswerDeps = Pick<AppDeps, 'db' | 'jobs' | 'countRuleOverrides'>;

export interface SheetAnswers {
  /** The questions answered, with the category each took. */
  answered: { question: SentQuestion; category: string }[];
  /** Questions changed since they were asked (answered in the app, sent to the ledger): left as they are. */
  moved: SentQuestion[];
  /** Questions to ask again, their likely categories lettered anew (saved as the sheet the next reply answers). */
  again: SentQuestion[];
}

/**
 * Writes what a reply answers, each question as the client's own answer one at a time (so one that
 * moved on meanwhile does not stop the others), recorded in its history with where it came from.
 * A question changed since it was asked is left as it is. What is to be asked again is kept as a
 * new sheet of the same channel, so the reply to the follow-up is read against it.
 */
export const answerFromSheet = async (
  deps: SheetAnswerDeps,
  log: FastifyBaseLogger,
  args: { actor: Actor; sheet: QuestionSheet; outcomes: readonly QuestionOutcome[]; categories: readonly Category[]; via: AnswerChannel },
): Promise<SheetAnswers> => {
  const { actor, sheet, outcomes, categories, via } = args;
  const names = new Map(categories.map((c) => [c.pk, c.name]));
  const result: SheetAnswers = { answered: [], moved: [], again: [] };
  for (const item of outcomes) {
    const question = sheet.questions.find((q) => q.number === item.question)!;
    if (item.kind === 'ask') {
      const choices = item.likely.slice(0, 3).map((pk) => ({ pk, name: names.get(pk) ?? '' }));
      // A lone letter that fit no choice teaches nothing; words do, once the client picks a category for them.
      result.again.push({ ...question, choices, ...(item.how === 'words' ? { saidBefore: item.words } : {}) });
      continue;
    }
    try {
      await answerTransactions(deps, actor, {
        side: 'client',
        companyPk: sheet.clientCompanyId,
        changes: [{ pk: question.transactionPk, version: question.version, lines: [{ amount: question.amount, category: item.categoryPk }], finished: true }],
        via,
      });
      result.answered.push({ question, category: names.get(item.categoryPk) ?? '' });
      // Words Herd could not place, then a choice when asked again: those words are this client's for that category.
      if (question.saidBefore) await learnWords(deps.db, sheet.clientCompanyId, phraseKey(question.saidBefore), item.categoryPk);
    } catch (err) {
      result.moved.push(question);
      log.info({ err, transaction: question.transactionPk, userPk: actor.userId, via }, 'answer from a reply not written');
    }
  }
  if (result.again.length > 0) {
    const { firmId, clientCompanyId, userId, channel, phone } = sheet;
    await saveSheet(deps.db, { firmId, clientCompanyId, userId, channel, phone, questions: result.again });
  }
  log.info(
    { userPk: actor.userId, sheet: sheet.pk, via, answered: result.answered.length, moved: result.moved.length, again: result.again.length },
    'reply answers read',
  );
  return result;
};
