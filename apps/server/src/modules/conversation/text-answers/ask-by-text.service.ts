import { transactionListQuery, type Transaction } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { resolveActor } from '../../../kernel/actor.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import { findAccountOptions } from '../../books/refs/refs.face.js';
import { listTransactions } from '../../books/transactions/transactions.face.js';
import { sendText, type SmsSender } from '../../messaging/texts/texts.face.js';
import { isQuietAt } from '../push/push.face.js';
import { questionsText } from './question-text.content.js';
import { mostUsedCategories, quietHoursOf, saveSheet, textConsentOf } from './text-answers.queries.js';

/** A text holds at most this many questions: five fit in a few message parts and can be answered in one reply. */
export const QUESTIONS_PER_TEXT = 5;
/** Lettered choices per question (a, b, c). */
const CHOICES = 3;
/** The most categories a client's list of choices is read from. */
const CATEGORY_LIMIT = 500;

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

/** The categories this client may choose, by pk. */
export const clientCategories = async (db: Db, companyPk: number) =>
  (await findAccountOptions(db, companyPk, 'client-categories', { limit: CATEGORY_LIMIT, includeInactive: false })).map((row) => ({ pk: row.pk, name: row.name }));

/** A question's likely categories: its own suggestion first, then what the company's answers use most. */
const choicesFor = (transaction: Transaction, usual: readonly { pk: number; name: string }[], allowed: ReadonlyMap<number, string>) => {
  const suggested = transaction.suggestion?.category;
  const first = suggested && allowed.has(suggested.pk) ? [{ pk: suggested.pk, name: allowed.get(suggested.pk)! }] : [];
  return [...first, ...usual.filter((c) => c.pk !== suggested?.pk)].slice(0, CHOICES);
};

/**
 * What became of texting the questions: sent; or why not. A person who texted STOP or is in their
 * quiet hours gets no text of any kind; one who has not agreed to questions by text, or has no
 * question open (only receipts or requests), may still get the reminder's own short text.
 */
export type AskOutcome = 'sent' | 'failed' | 'stopped' | 'quiet' | 'not-agreed' | 'nothing-open';

/**
 * Texts a client their open questions of one company, numbered, each with its likely categories
 * lettered, and keeps what was asked so the reply can be read against it.
 */
export const textQuestions = async ({ db, sms }: AskDeps, who: AskWho, now = new Date()): Promise<AskOutcome> => {
  const consent = await textConsentOf(db, who.userPk);
  if (consent.stopped) return 'stopped';
  const quiet = await quietHoursOf(db, who.userPk);
  if (quiet && isQuietAt(now, quiet.timeZone ?? (await findFirm(db, who.firmId))?.timeZone ?? 'UTC', quiet.quiet)) return 'quiet';
  if (!consent.agreed) return 'not-agreed';
  const actor = await resolveActor(db, who.userPk);
  if (!actor) return 'not-agreed';
  const query = transactionListQuery.parse({ page_size: String(QUESTIONS_PER_TEXT), ordering: 'date' });
  const open = await listTransactions({ db }, actor, { list: 'clientActive', companyPk: who.companyPk, query, url: '' });
  const waiting = open.results.filter((t) => t.status === 'READY');
  if (waiting.length === 0) return 'nothing-open';
  const categories = await clientCategories(db, who.companyPk);
  const allowed = new Map(categories.map((c) => [c.pk, c.name]));
  const usual = (await mostUsedCategories(db, who.companyPk, CHOICES + 1)).filter((pk) => allowed.has(pk)).map((pk) => ({ pk, name: allowed.get(pk)! }));
  const asked: SentQuestion[] = waiting.map((t, i) => ({
    number: i + 1,
    transactionPk: t.pk,
    payee: t.payee || t.description,
    date: t.date,
    amount: t.amount,
    currency: t.currency,
    version: t.version,
    choices: choicesFor(t, usual, allowed),
  }));
  const more = Math.max(0, open.count - open.results.length);
  const went = await sendText(db, sms, who.phone, questionsText(who.firmName, asked, more), 'CLIENT_QUESTIONS_SMS');
  if (!went) return 'failed';
  await saveSheet(db, { firmId: who.firmId, clientCompanyId: who.companyPk, userId: who.userPk, phone: who.phone, questions: asked });
  return 'sent';
};
