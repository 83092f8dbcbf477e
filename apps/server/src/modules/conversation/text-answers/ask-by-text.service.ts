import type { Db } from '../../../db/client.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import { sendText, type SmsSender } from '../../messaging/texts/texts.face.js';
import { isQuietAt } from '../push/push.face.js';
import { openQuestionsOf } from './open-questions.service.js';
import { questionsText } from './question-text.content.js';
import { quietHoursOf, saveSheet, textConsentOf } from './text-answers.queries.js';

/** A text holds at most this many questions: five fit in a few message parts and can be answered in one reply. */
export const QUESTIONS_PER_TEXT = 5;

export interface AskDeps {
  db: Db;
  sms: SmsSender;
}

export interface AskWho {
  firmId: number;
  firmName: string;
  companyPk: number;
  userPk: number;
  phone: string;
}

/**
 * What became of texting the questions: sent; or why not. A person who texted STOP or is in their
 * quiet hours gets no text of any kind; one who has not agreed to questions by text, or has no
 * question open (only receipts or requests), may still get the reminder's own short text.
 */
export type AskOutcome = 'sent' | 'failed' | 'stopped' | 'quiet' | 'not-agreed' | 'nothing-open';

/** Open questions already read for this person (the reminder email's), numbered from 1. */
export interface ReadQuestions {
  questions: SentQuestion[];
  more: number;
}

/**
 * Texts a client their open questions of one company, numbered, each with its likely categories
 * lettered, and keeps what was asked so the reply can be read against it. `read`: the questions the
 * caller read already (the email beside the text lists the same ones), so they are not read twice.
 */
export const textQuestions = async ({ db, sms }: AskDeps, who: AskWho, now = new Date(), read?: ReadQuestions): Promise<AskOutcome> => {
  const consent = await textConsentOf(db, who.userPk);
  if (consent.stopped) return 'stopped';
  const quiet = await quietHoursOf(db, who.userPk);
  if (quiet && isQuietAt(now, quiet.timeZone ?? (await findFirm(db, who.firmId))?.timeZone ?? 'UTC', quiet.quiet)) return 'quiet';
  if (!consent.agreed) return 'not-agreed';
  const open = read ?? (await openQuestionsOf(db, who, QUESTIONS_PER_TEXT));
  if (!open) return 'not-agreed';
  if (open.questions.length === 0) return 'nothing-open';
  const questions = open.questions.slice(0, QUESTIONS_PER_TEXT);
  const more = open.more + open.questions.length - questions.length;
  const went = await sendText(db, sms, who.phone, questionsText(who.firmName, questions, more), 'CLIENT_QUESTIONS_SMS');
  if (!went) return 'failed';
  await saveSheet(db, { firmId: who.firmId, clientCompanyId: who.companyPk, userId: who.userPk, channel: 'SMS', phone: who.phone, questions });
  return 'sent';
};
