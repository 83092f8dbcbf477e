import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import { resolveActor } from '../../../kernel/actor.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import { answerTransactions } from '../../books/transactions/transactions.face.js';
import { issueCode, magicLinkUrl } from '../../people/auth/auth.face.js';
import { clientCategories } from './ask-by-text.service.js';
import { askAgainText, TEXT_ANSWER_REPLIES } from './question-text.content.js';
import { answersOfReply, type QuestionOutcome } from './reply-answers.rule.js';
import { latestSheet, saveSheet, setTextsStopped } from './text-answers.queries.js';

export type TextReplyDeps = Pick<AppDeps, 'db' | 'jobs' | 'countRuleOverrides' | 'config'>;

/** Who texted: a client recognised by the phone on their profile. */
export interface TextReplier {
  userPk: number;
  phone: string;
}

/**
 * A client's text that carries no photo: a keyword, a request for the link, or answers to the
 * questions last texted to them (`docs/answers-by-text-and-email.md`). Each answer is written as the
 * client's own, one transaction at a time so one that moved on meanwhile does not stop the others,
 * and recorded in its history as answered by text. What could not be read is asked again in one
 * short text. Answers the texts to send back; null when the text is no keyword and no question
 * is open to it (the caller says what else a text can do).
 */
export const answerTextReply = async (deps: TextReplyDeps, log: FastifyBaseLogger, who: TextReplier, body: string, now = new Date()): Promise<string[] | null> => {
  const { db } = deps;
  const sheet = await latestSheet(db, who.userPk, who.phone, now);
  const firm = sheet ? await findFirm(db, sheet.firmId) : null;
  const firmName = firm?.companyName ?? 'Your accountant';
  const categories = sheet ? await clientCategories(db, sheet.clientCompanyId) : [];
  const outcome = answersOfReply(body, sheet?.questions ?? [], categories);
  if (outcome.kind === 'command') {
    switch (outcome.command) {
      case 'STOP':
        await setTextsStopped(db, who.userPk, true);
        return [TEXT_ANSWER_REPLIES.stopped];
      case 'START':
        await setTextsStopped(db, who.userPk, false);
        return [TEXT_ANSWER_REPLIES.started];
      case 'HELP':
        return [TEXT_ANSWER_REPLIES.help(firmName)];
      case 'LINK':
        return [TEXT_ANSWER_REPLIES.link(magicLinkUrl(deps.config.appUrl, await issueCode(db, who.userPk, 'MAGIC_LINK')))];
    }
  }
  if (!sheet) return null;
  if (outcome.kind === 'unreadable') return [TEXT_ANSWER_REPLIES.unreadable];

  const actor = await resolveActor(db, who.userPk);
  if (!actor) return [];
  const answered: number[] = [];
  const moved: number[] = [];
  const again: Extract<QuestionOutcome, { kind: 'ask' }>[] = [];
  for (const item of outcome.outcomes) {
    if (item.kind === 'ask') {
      again.push(item);
      continue;
    }
    const question = sheet.questions.find((q) => q.number === item.question)!;
    try {
      await answerTransactions(deps, actor, {
        side: 'client',
        companyPk: sheet.clientCompanyId,
        changes: [{ pk: question.transactionPk, version: question.version, lines: [{ amount: question.amount, category: item.categoryPk }], finished: true }],
        via: 'TEXT',
      });
      answered.push(question.number);
    } catch (err) {
      // Changed since it was asked (answered in the app, sent to the ledger, no longer the client's): left as it is.
      moved.push(question.number);
      log.info({ err, transaction: question.transactionPk, userPk: who.userPk }, 'text answer not written');
    }
  }
  log.info({ userPk: who.userPk, sheet: sheet.pk, answered, askedAgain: again.map((a) => a.question) }, 'text reply read');
  const replies = [
    ...(answered.length > 0 ? [TEXT_ANSWER_REPLIES.answered(answered.length, firmName)] : []),
    ...(moved.length > 0 ? [TEXT_ANSWER_REPLIES.changedMeanwhile(moved)] : []),
  ];
  if (again.length === 0) return replies.length > 0 ? replies : [TEXT_ANSWER_REPLIES.unreadable];

  // Asked again with the likely categories lettered anew; the reply to it is read against these.
  const names = new Map(categories.map((c) => [c.pk, c.name]));
  const asked: SentQuestion[] = again.map((a) => {
    const question = sheet.questions.find((q) => q.number === a.question)!;
    return { ...question, choices: a.likely.slice(0, 3).map((pk) => ({ pk, name: names.get(pk) ?? '' })) };
  });
  await saveSheet(db, { firmId: sheet.firmId, clientCompanyId: sheet.clientCompanyId, userId: who.userPk, phone: who.phone, questions: asked });
  return [...replies, askAgainText(firmName, asked)];
};
