import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRoleEnum, connectionKindEnum, firmRoleEnum, subscriptionStatusEnum } from './enums.js';
import { users } from './users.js';

export const firms = pgTable('firms', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  companyName: text('company_name').notNull(),
  /** Null means the product's default colour. */
  mainColor: text('main_color'),
  logoFileId: integer('logo_file_id'),
  featureFlags: text('feature_flags').array().notNull().default([]),
  settings: jsonb('settings').notNull().default({}),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clientCompanies = pgTable(
  'client_companies',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    connectionKind: connectionKindEnum('connection_kind').notNull(),
    syncDate: date('sync_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_companies_firm_idx').on(t.firmId)],
);

export const clientMemberships = pgTable(
  'client_memberships',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    role: clientRoleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_memberships_company_user_unique').on(t.clientCompanyId, t.userId),
    index('client_memberships_user_idx').on(t.userId),
  ],
);
