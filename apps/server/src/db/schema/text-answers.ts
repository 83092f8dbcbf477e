import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger.js';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * One question of a text as it was sent: its number, its transaction as the text showed it, and its
 * lettered choices (a, b, c in order).
 */
export interface SentQuestion {
  number: number;
  transactionPk: number;
  payee: string;
  /** YYYY-MM-DD */
  date: string;
  /** The transaction's amount when asked: an answer by text is one line of it. */
  amount: string;
  currency: string;
  /** The transaction's version when asked: a reply does not overwrite what changed since (answered in the app, say). */
  version: number;
  /** Asked again: the client's words the first time, learnt as theirs for the category they then choose. */
  saidBefore?: string;
  choices: { pk: number; name: string }[];
}

/** Where numbered questions went: a text to the phone, or a reminder email (answered by replying to it). */
export const questionChannelEnum = pgEnum('question_channel', ['SMS', 'EMAIL']);

/**
 * The numbered questions texted or mailed to a client, so their reply ("1a 2 meals") is read
 * against what they were asked. A text's reply answers the latest sheet sent to that phone; an
 * email's, the latest emailed to that person for that company. A follow-up asking a question again
 * is a sheet of its own.
 */
export const textQuestionSheets = pgTable(
  'text_question_sheets',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    channel: questionChannelEnum('channel').notNull().default('SMS'),
    /** The number it went to, as texted (+15551234567); '' for an email. */
    phone: text('phone').notNull(),
    questions: jsonb('questions').$type<SentQuestion[]>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('text_question_sheets_user_idx').on(t.userId, t.sentAt)],
);

/**
 * A client company's own words for a category, learnt when words Herd could not place ("the adobe
 * thing") were followed by a choice of category when asked again: the next reply with those words
 * is answered with it, if the client may still choose it.
 */
export const textAnswerWords = pgTable(
  'text_answer_words',
  {
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    /** The words without filler, lower case, as `phraseKey` writes them. */
    phrase: text('phrase').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => ledgerAccounts.pk, { onDelete: 'cascade' }),
    learntAt: timestamp('learnt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientCompanyId, t.phrase] })],
);
