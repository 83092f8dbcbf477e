import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Ten single-use codes that stand in for the second factor; only their hashes are kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Six-digit codes sent by SMS: to finish a sign-in (`SIGN_IN`) or to confirm the phone during setup
 * (`SETUP`, with the number it went to). Hashed, short-lived, and void after too many wrong tries.
 */
export const mfaSmsCodes = pgTable(
  'mfa_sms_codes',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['SIGN_IN', 'SETUP'] }).notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_sms_codes_user_idx').on(t.userId, t.purpose)],
);
