import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { EMAIL_KINDS } from '@herd/contract';
import { firms } from './firms.js';
import { users } from './users.js';

/** Every email and SMS Herd sends, whatever the transport: the record of what went out. */
export const outbox = pgTable(
  'outbox',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Which template produced it, e.g. MAGIC_LINK, for tests and support. */
    template: text('template').notNull(),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

export const globalBanners = pgTable('global_banners', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  message: text('message').notNull(),
  level: text('level', { enum: ['info', 'warning', 'error'] })
    .notNull()
    .default('info'),
  dismissible: boolean('dismissible').notNull().default(true),
  /** Null shows the banner to every firm. */
  firmId: integer('firm_id').references(() => firms.pk, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  /** When the banner stops showing by itself (an announced maintenance window's end); null shows it until it is ended. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The kinds of email a person turned off (a row per kind; none: they get every kind), from their
 * settings or an email's unsubscribe link.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    /** Where it was turned off: the settings page, or an email's link (a click, or a mail provider's one-click). */
    via: text('via', { enum: ['SETTINGS', 'LINK', 'ONE_CLICK'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => globalBanners.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.userId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id').references(() => firms.pk, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.pk, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetPk: integer('target_pk'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_firm_idx').on(t.firmId, t.createdAt),
    // One object's history (a transaction's, in the review drawer) without reading the firm's whole log.
    index('audit_log_target_idx').on(t.targetType, t.targetPk, t.createdAt),
  ],
);
