import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { answerFromSheet, type SheetAnswerDeps, type SheetAnswers } from './answer-sheet.service.js';
import { clientCategories, openQuestionsOf } from './open-questions.service.js';
import type { Category } from './category-matching.rule.js';
import { answersOfReply, type QuestionOutcome } from './reply-answers.rule.js';
import { answeredByClientsSince, latestSheet, pastWordsOf, saveSheet, type QuestionSheet } from './text-answers.queries.js';

/** An email lists at most this many questions; the rest are a link away. */
export const QUESTIONS_PER_EMAIL = 10;
/** "Already answered" in the reminder email counts this far back. */
const ANSWERED_WINDOW_MS = 30 * 24 * 60 * 60_000;

export interface EmailQuestions {
  questions: SentQuestion[];
  /** Open beyond those listed. */
  more: number;
  /** Answered by the company's clients in the last 30 days. */
  answeredRecently: number;
}

/** What a reminder email asks, numbered as a text would, with how many were answered lately. */
export const questionsForEmail = async (db: Db, who: { userPk: number; companyPk: number }, now = new Date()): Promise<EmailQuestions> => {
  const open = await openQuestionsOf(db, who, QUESTIONS_PER_EMAIL);
  return {
    questions: open?.questions ?? [],
    more: open?.more ?? 0,
    answeredRecently: await answeredByClientsSince(db, who.companyPk, new Date(now.getTime() - ANSWERED_WINDOW_MS)),
  };
};

/** Kept once the email went, so a reply to it is read against the questions it listed. */
export const rememberEmailedQuestions = async (db: Db, who: { firmId: number; companyPk: number; userPk: number }, questions: SentQuestion[]) => {
  if (questions.length > 0) await saveSheet(db, { firmId: who.firmId, clientCompanyId: who.companyPk, userId: who.userPk, channel: 'EMAIL', phone: '', questions });
};

/** A reply to a reminder email read against the questions it listed, not yet written. */
export interface ReadEmailReply {
  sheet: QuestionSheet;
  outcomes: QuestionOutcome[];
  categories: Category[];
}

/**
 * Reads a reply to a reminder email as answers to the questions it listed: null when no questions
 * were emailed to this person for this company lately, or the reply answers none of them. Only
 * numbered answers (or a lone letter) are answers in an email: its prose, and a keyword ("stop" is a
 * word of a note there), stay a note, and so does a reply none of whose answers could be read, for
 * the accountant to read.
 */
export const readEmailReply = async (db: Db, who: { userPk: number; companyPk: number }, text: string, now = new Date()): Promise<ReadEmailReply | null> => {
  const sheet = await latestSheet(db, who.userPk, { channel: 'EMAIL', companyPk: who.companyPk }, now);
  if (!sheet) return null;
  const categories = await clientCategories(db, sheet.clientCompanyId);
  const outcome = answersOfReply(text, sheet.questions, categories, await pastWordsOf(db, sheet.clientCompanyId), { numbered: true });
  if (outcome.kind !== 'answers' || !outcome.outcomes.some((o) => o.kind === 'answered')) return null;
  return { sheet, outcomes: outcome.outcomes, categories };
};

/** Writes what `readEmailReply` read, as the client's own answers recorded as answered by email. */
export const answerEmailReply = (deps: SheetAnswerDeps, log: FastifyBaseLogger, actor: Actor, read: ReadEmailReply): Promise<SheetAnswers> =>
  answerFromSheet(deps, log, { actor, sheet: read.sheet, outcomes: read.outcomes, categories: read.categories, via: 'EMAIL' });
