import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTE_TARGETS, SENDER_KINDS } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

export const noteTargetEnum = pgEnum('note_target', NOTE_TARGETS);
export const senderKindEnum = pgEnum('sender_kind', SENDER_KINDS);

/** A message in the thread of a transaction, request, receipt, client company or the firm. */
export const notes = pgTable(
  'notes',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    targetType: noteTargetEnum('target_type').notNull(),
    targetPk: integer('target_pk').notNull(),
    authorId: integer('author_id').references(() => users.pk, { onDelete: 'set null' }),
    senderKind: senderKindEnum('sender_kind').notNull(),
    body: text('body').notNull(),
    /** The firm's people the author mentioned (@Name), by user pk: a name alone could mean two people. Checked as members of the note's firm on writing. */
    mentionedUserIds: integer('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Set on the one note of a client company's thread the accountant pinned to the top of the client's page. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_target_idx').on(t.targetType, t.targetPk, t.createdAt),
    // At most one pinned note per client company, whatever races.
    uniqueIndex('notes_one_pinned_per_company')
      .on(t.clientCompanyId)
      .where(sql`${t.pinnedAt} is not null`),
  ],
);
