import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, NOTIFICATION_TARGETS } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const notificationTargetEnum = pgEnum('notification_target', NOTIFICATION_TARGETS);

/**
 * One line of one person's bell: what happened (kind, plain-text title and
 * text, written when it happened), the object it opens, and whether the
 * person has read or cleared it. Each recipient has their own row.
 */
export const notifications = pgTable(
  'notifications',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    targetType: notificationTargetEnum('target_type').notNull(),
    targetPk: integer('target_pk').notNull(),
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** How many objects it tells of; a batch kind (transactions answered) adds later batches to an unread one (docs/notifications.md). */
    itemCount: integer('item_count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: one person's rows not cleared, newest first.
    index('notifications_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.pk.desc())
      .where(sql`${t.hiddenAt} is null`),
    // The bell's count, asked every half minute by every open tab: only unread, uncleared rows. The firm is in
    // the key so the count (firm and person) is answered from the index alone, without visiting the rows.
    index('notifications_user_unread_idx')
      .on(t.userId, t.firmId)
      .where(sql`${t.readAt} is null and ${t.hiddenAt} is null`),
  ],
);

/**
 * Answers a company's clients gave that the firm has not been told of yet: the answer adds to its
 * company's row in its own transaction (one statement), and the `answers-notify` job takes the row
 * and tells the firm's people in one transaction of its own, so a retried or doubled job tells once.
 */
export const answerNotices = pgTable('answer_notices', {
  clientCompanyId: integer('client_company_id')
    .primaryKey()
    .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
  firmId: integer('firm_id')
    .notNull()
    .references(() => firms.pk, { onDelete: 'cascade' }),
  answers: integer('answers').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
