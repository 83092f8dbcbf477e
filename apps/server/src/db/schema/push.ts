import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A device a person let Herd push to: its browser's subscription (the push service's address and the
 * keys messages are encrypted for), sealed with SECRET_KEY since whoever holds it can push to the
 * device. The address's SHA-256 finds the same subscription again.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    endpointHash: text('endpoint_hash').notNull().unique(),
    /** `{ endpoint, keys: { p256dh, auth } }`, sealed. */
    subscription: text('subscription').notNull(),
    label: text('label').notNull(),
    /** The device's own zone, in which the person's quiet hours are read. */
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_devices_user_idx').on(t.userId)],
);

/**
 * A person's push: their quiet hours ("HH:MM", null for none), what has been pushed to them already
 * (news up to `pushed_through`), and when the last push went, so pushes come at most every quarter hour.
 */
export const pushStates = pgTable('push_states', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.pk, { onDelete: 'cascade' }),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  pushedThrough: timestamp('pushed_through', { withTimezone: true }).notNull().defaultNow(),
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
});
