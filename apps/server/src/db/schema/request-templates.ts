import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CommunicationItemDraft } from '@herd/contract';
import { communicationKindEnum } from './communications.js';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * A firm's request template: the words of a request its accountants send often. It belongs to the
 * firm, not to a client company; the composer fills a new request from it. Names are unique in the
 * firm whatever their case ("Year-end checklist" and "year-end checklist" are one name).
 */
export const requestTemplates = pgTable(
  'request_templates',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: communicationKindEnum('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull().default(''),
    /** A REQUEST's checklist, as `communicationItemDraft` parsed it; empty for the other kinds. */
    items: jsonb('items')
      .$type<CommunicationItemDraft[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Null for the templates a firm starts with, or once the author's account is gone. */
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('request_templates_firm_name_uq').on(t.firmId, sql`lower(${t.name})`)],
);
