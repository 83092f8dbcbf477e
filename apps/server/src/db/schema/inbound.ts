import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';

/**
 * A received email already filed for one of Herd's addresses: the same message
 * (by Message-ID, or the SHA-256 of its bytes when it has none) delivered again
 * to the same address, by a retrying provider or a replay, files nothing more.
 * Written in the transaction that files it. Kept 90 days (maintenance).
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    messageKey: text('message_key').notNull(),
    /** Herd's address it was filed for, lower case (`reply+<token>@domain`). */
    recipient: text('recipient').notNull(),
    handler: text('handler').notNull(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageKey, t.recipient] }), index('inbound_messages_received_idx').on(t.receivedAt)],
);
