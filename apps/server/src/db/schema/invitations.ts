import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FirmRole } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

/** Who a pending invitation makes the person: a coworker (their firm role) or a client user of one company. */
export type InvitationRole = FirmRole | 'CLIENT' | 'CLIENT_COWORKER';

/**
 * An invitation recorded for the inviting firm before anyone looked at whom the
 * email belongs to. The invitation job reads it after the answer: for an email
 * nobody uses it creates the user (and firm member or membership) with the pks
 * reserved here and deletes the row; for an email of another firm's person it
 * mails them that the address is taken and the row stays, shown to the inviter
 * as an invitation never taken up. `user_pk` (and `member_pk` for a coworker)
 * are drawn from the users' and firm members' own sequences, so the people
 * endpoints address a pending row and a real person by the same pk.
 */
export const pendingInvitations = pgTable(
  'pending_invitations',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    /** The company a client user is invited to; null for a coworker. */
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    role: text('role').$type<InvitationRole>().notNull(),
    /** A pk taken from the users' sequence: the person's pk on every people endpoint, and their user's pk once created. */
    userPk: integer('user_pk').notNull(),
    /** For a coworker, a pk taken from the firm members' sequence (the team endpoints' pk). */
    memberPk: integer('member_pk'),
    /** For a coworker: a firm admin required a second factor of them (carried to their firm membership). */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** A client's coworker starts with the inviting client's account restrictions (account pks by kind). */
    restrictions: jsonb('restrictions').$type<{ paymentAccountIds: number[] | null; watchedAccountIds: number[] | null }>(),
    invitedBy: integer('invited_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resentAt: timestamp('resent_at', { withTimezone: true }),
  },
  (t) => [
    index('pending_invitations_firm_email_idx').on(t.firmId, sql`lower(${t.email})`),
    index('pending_invitations_user_idx').on(t.firmId, t.userPk),
    uniqueIndex('pending_invitations_member_unique').on(t.memberPk),
    uniqueIndex('pending_invitations_company_user_unique').on(t.clientCompanyId, t.userPk),
  ],
);

/**
 * Clients a firm admin assigned to a coworker whose invitation is still pending. The assignments table
 * points at real firm members, so these wait here and become assignments, under the member pk the
 * invitation reserved, when the invitation job creates the person (the row goes with the invitation).
 */
export const pendingInvitationAssignments = pgTable(
  'pending_invitation_assignments',
  {
    pendingInvitationId: integer('pending_invitation_id')
      .notNull()
      .references(() => pendingInvitations.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientCompanyId, t.pendingInvitationId] }), index('pending_assignments_invitation_idx').on(t.pendingInvitationId)],
);

/**
 * A change of a person's email waiting for the new address to confirm it. Recorded before anyone looks at
 * whom the address belongs to; the email-change job then mails the new address either a confirmation
 * link (its code stored here as a SHA-256) or, when the address already belongs to someone else, a notice
 * that someone tried to use it. Nothing changes on the user until the link is opened.
 */
export const pendingEmailChanges = pgTable(
  'pending_email_changes',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    requestedBy: integer('requested_by').references(() => users.pk, { onDelete: 'set null' }),
    /** Set by the job when it mails the link; null until then, or for good when the address was taken. */
    codeHash: text('code_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_email_changes_user_idx').on(t.userId)],
);

/**
 * A sign-in link copied for a person whose invitation is still pending (the invitation job has not run,
 * or the address belongs to someone elsewhere). There is no user yet for `one_time_codes` to point at, so
 * the code's SHA-256 waits here under the firm and the pk the invitation reserved. Opening it takes the
 * invitation up as the job would and signs the person in; when the job takes the invitation up first,
 * its links move to `one_time_codes` of the user it created, so a copied link never dies with the row.
 * Expiry and single use are those of every sign-in link (7 days, claimed with a conditional UPDATE).
 */
export const pendingInvitationLinks = pgTable(
  'pending_invitation_links',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    userPk: integer('user_pk').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_invitation_links_person_idx').on(t.firmId, t.userPk)],
);
