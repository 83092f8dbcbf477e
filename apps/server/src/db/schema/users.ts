import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountTypeEnum, mfaMethodEnum } from './enums.js';

export const users = pgTable(
  'users',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored as typed; uniqueness and look-ups are on lower(email). */
    email: text('email').notNull(),
    /** Null for clients who only ever sign in by magic link. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    accountType: accountTypeEnum('account_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when the user has turned on a second factor; login then asks for it. */
    mfaMethod: mfaMethodEnum('mfa_method'),
    /**
     * The TOTP secret, sealed with the app's secret box. While `mfa_method` is not TOTP it is a
     * setup waiting for its first code (the profile's `totp_qr_link` shows it).
     */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is never taken again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The phone number SMS codes go to, confirmed by a code sent to it. */
    mfaPhone: text('mfa_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The random part of a client's personal receipts address (`receipts+<token>@INBOUND_DOMAIN`):
     * made the first time they ask for it, lower-case base32 so a mail system changing case cannot break it.
     */
    receiptsToken: text('receipts_token'),
    /** When the person agreed to get their questions by text; null until they do. */
    textsAgreedAt: timestamp('texts_agreed_at', { withTimezone: true }),
    /** When they texted STOP: no text goes to them until they text START. */
    textsStoppedAt: timestamp('texts_stopped_at', { withTimezone: true }),
    /** Marked by their firm: no reminder or question is ever texted to them, whatever their own settings. */
    neverText: boolean('never_text').notNull().default(false),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`), uniqueIndex('users_receipts_token_unique').on(t.receiptsToken)],
);
