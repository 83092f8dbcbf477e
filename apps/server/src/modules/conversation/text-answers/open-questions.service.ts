import { transactionListQuery, type Transaction } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { SentQuestion } from '../../../db/schema/index.js';
import { resolveActor } from '../../../kernel/actor.js';
import { findAccountOptions } from '../../books/refs/refs.face.js';
import { listTransactions, needsReceipt, receiptRuleOf } from '../../books/transactions/transactions.face.js';
import { mostUsedCategories } from './text-answers.queries.js';

/** Lettered choices per question (a, b, c). */
const CHOICES = 3;
/** The most categories a client's list of choices is read from. */
const CATEGORY_LIMIT = 500;

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
 * The client's oldest questions waiting for them in one company, as they see them (their own
 * restrictions apply), numbered from 1, each with its likely categories; and how many more wait.
 * Null when the person is no longer a user.
 */
export const openQuestionsOf = async (db: Db, who: { userPk: number; companyPk: number }, limit: number) => {
  const actor = await resolveActor(db, who.userPk);
  if (!actor) return null;
  const query = transactionListQuery.parse({ page_size: String(limit), ordering: 'date' });
  const open = await listTransactions({ db }, actor, { list: 'clientActive', companyPk: who.companyPk, query, url: '' });
  // A question that needs a receipt is answered in the app, with the photo: a word by text could not finish it.
  const receiptAbove = await receiptRuleOf(db, who.companyPk);
  const waiting = open.results.filter((t) => t.status === 'READY' && !needsReceipt(receiptAbove, t));
  if (waiting.length === 0) return { questions: [], more: 0 };
  const categories = await clientCategories(db, who.companyPk);
  const allowed = new Map(categories.map((c) => [c.pk, c.name]));
  const usual = (await mostUsedCategories(db, who.companyPk, CHOICES + 1)).filter((pk) => allowed.has(pk)).map((pk) => ({ pk, name: allowed.get(pk)! }));
  const questions: SentQuestion[] = waiting.map((t, i) => ({
    number: i + 1,
    transactionPk: t.pk,
    payee: t.payee || t.description,
    date: t.date,
    amount: t.amount,
    currency: t.currency,
    version: t.version,
    choices: choicesFor(t, usual, allowed),
  }));
  return { questions, more: Math.max(0, open.count - open.results.length) };
};
