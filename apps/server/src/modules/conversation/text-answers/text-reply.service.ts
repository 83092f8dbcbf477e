import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { resolveActor } from '../../../kernel/actor.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import { issueCode, magicLinkUrl } from '../../people/auth/auth.face.js';
import { answerFromSheet } from './answer-sheet.service.js';
import { clientCategories } from './open-questions.service.js';
import { askAgainText, TEXT_ANSWER_REPLIES } from './question-text.content.js';
import { answersOfReply } from './reply-answers.rule.js';
import { latestSheet, pastWordsOf, setTextsStopped } from './text-answers.queries.js';

export type TextReplyDeps = Pick<AppDeps, 'db' | 'jobs' | 'countRuleOverrides' | 'config'>;

/** Who texted: a client recognised by the phone on their profile. */
export interface TextReplier {
  userPk: number;
  phone: string;
}

/**
 * A client's text that carries no photo: a keyword, a request for the link, or answers to the
 * questions last texted to them (`docs/answers-by-text-and-email.md`), written as theirs and
 * recorded as answered by text; what could not be read is asked again in one short text. Answers
 * the texts to send back; none when the text is no keyword and no question is open to it (the
 * caller says what else a text can do).
 */
export const answerTextReply = async (deps: TextReplyDeps, log: FastifyBaseLogger, who: TextReplier, body: string, now = new Date()): Promise<string[]> => {
  const { db } = deps;
  const sheet = await latestSheet(db, who.userPk, { channel: 'SMS', phone: who.phone }, now);
  const firmName = (sheet ? await findFirm(db, sheet.firmId) : null)?.companyName ?? 'Your accountant';
  const categories = sheet ? await clientCategories(db, sheet.clientCompanyId) : [];
  const outcome = answersOfReply(body, sheet?.questions ?? [], categories, sheet ? await pastWordsOf(db, sheet.clientCompanyId) : new Map());
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
  if (!sheet) return [];
  if (outcome.kind === 'unreadable') return [TEXT_ANSWER_REPLIES.unreadable];
  const actor = await resolveActor(db, who.userPk);
  if (!actor) return [];
  const { answered, moved, again } = await answerFromSheet(deps, log, { actor, sheet, outcomes: outcome.outcomes, categories, via: 'TEXT' });
  const replies = [
    ...(answered.length > 0 ? [TEXT_ANSWER_REPLIES.answered(answered.length, firmName)] : []),
    ...(moved.length > 0 ? [TEXT_ANSWER_REPLIES.changedMeanwhile(moved.map((q) => q.number))] : []),
    ...(again.length > 0 ? [askAgainText(firmName, again)] : []),
  ];
  return replies.length > 0 ? replies : [TEXT_ANSWER_REPLIES.unreadable];
};
