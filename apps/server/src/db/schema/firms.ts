import type { ReviewCheckSettings } from '@herd/contract';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { firmRoleEnum, subscriptionStatusEnum } from './enums.js';
import { users } from './users.js';

export const firms = pgTable('firms', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  companyName: text('company_name').notNull(),
  /** Null means the product's default colour. */
  mainColor: text('main_color'),
  logoFileId: integer('logo_file_id'),
  settings: jsonb('settings').notNull().default({}),
  /** IANA zone the firm's recurring requests follow (`DEFAULT_TIME_ZONE` for firms that existed before the setting). */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  /** The weekday (0 Sunday … 6 Saturday, in the firm's zone) companies on the firm's schedule are reminded. */
  reminderWeekday: smallint('reminder_weekday').notNull().default(1),
  /** Unanswered reminders in a row after which the client's accountants are told. */
  reminderEscalateAfter: smallint('reminder_escalate_after').notNull().default(3),
  /** The firm's review-check settings as it saved them, read over the defaults (`effectiveReviewCheckSettings`). */
  reviewChecks: jsonb('review_checks').$type<Partial<ReviewCheckSettings>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The spec's accountant_company_user: a user's membership of a firm. */
export const firmMembers = pgTable(
  'firm_members',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    role: firmRoleEnum('role').notNull(),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    isMfaSetup: boolean('is_mfa_setup').notNull().default(false),
    defaultClientCompanyId: integer('default_client_company_id'),
    tours: jsonb('tours').notNull().default({}),
    /**
     * The daily digest (docs/notifications.md, "Digests"): the local hour it goes at, in the member's zone
     * (null: the firm's). Whether it goes at all is the DIGEST opt-out, the state its unsubscribe link sets.
     */
    digestHour: smallint('digest_hour').notNull().default(8),
    digestTimeZone: text('digest_time_zone'),
    /** The digest's counts also by text, to the member's phone (their own choice, beside the email). */
    digestByText: boolean('digest_by_text').notNull().default(false),
    /** The member-local date of the last digest run claimed (one per day, whoever runs it), and when it ran: the next one tells what came after. */
    lastDigestDate: date('last_digest_date'),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firm_members_user_unique').on(t.userId), index('firm_members_firm_idx').on(t.firmId)],
);

export const subscriptions = pgTable('subscriptions', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  firmId: integer('firm_id')
    .notNull()
    .unique()
    .references(() => firms.pk, { onDelete: 'cascade' }),
  status: subscriptionStatusEnum('status').notNull(),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's own status of the current subscription (`active`, `past_due`, …), as last read from Stripe. */
  stripeStatus: text('stripe_status'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The quantity Stripe bills (active client companies), as last set or read. */
  billedQuantity: integer('billed_quantity'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A firm's own setting of a feature flag, where it differs from the deployment's default
 * (`FEATURE_FLAGS`): no row means the default applies, so changing the default reaches every
 * firm that was never set by hand.
 */
export const firmFeatureFlags = pgTable(
  'firm_feature_flags',
  {
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.flag] })],
);

/**
 * Stripe webhook events already handled, by Stripe's event id: a delivery
 * repeated (Stripe retries, a replay) is answered without doing anything again.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    firmId: integer('firm_id').references(() => firms.pk, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

/**
 * Billing emails to a firm's admins, one row per email ever claimed: the key names what it is about
 * (the trial's end date for the countdown, the invoice for a failed payment, the day of a change of
 * standing), so a second sweep, a racing worker or a repeated webhook finds the row and sends nothing.
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.kind, t.key] })],
);
