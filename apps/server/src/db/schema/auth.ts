import { boolean, index, inet, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneTimeCodePurposeEnum } from './enums.js';
import { users } from './users.js';

/** Server-side sessions; the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    /** False while a login waits for its second factor: such a session authenticates nothing. */
    mfaVerified: boolean('mfa_verified').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Magic links and password resets: stored hashed, single use, expiring. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    purpose: oneTimeCodePurposeEnum('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId)],
);

/**
 * A sign-up waiting for its emailed confirmation. Nothing exists until the link
 * is opened: the password is already an Argon2id hash, the code a SHA-256, and
 * the row is claimed once (conditional UPDATE) when the firm and user are
 * created; `user_id` then names that user, so a second click by them goes on.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull().unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    /** The browser's zone at sign-up, the new firm's. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_signups_expires_idx').on(t.expiresAt)],
);

/** Attempts counted by rate limits; old rows are swept periodically. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);
