import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One submission of a create that must not repeat (a double click, a retry
 * after a lost answer): who sent it (`scope`, a user or a signed-out caller),
 * to which endpoint, under which `Idempotency-Key`, and the answer it got.
 * A row without `status_code` is a submission still running. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.endpoint, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
