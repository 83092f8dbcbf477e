import type { KarbonSettings, KarbonUser, KarbonWorkStatus, KarbonWorkType } from '@herd/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * A firm's Karbon account: its keys (sealed with SECRET_KEY), its tenant, the secret path token
 * and signing key of the webhooks Herd subscribed, what Herd writes there, and Karbon's work types,
 * statuses and users as last read.
 */
export const karbonInstances = pgTable('karbon_instances', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  firmId: integer('firm_id')
    .notNull()
    .unique()
    .references(() => firms.pk, { onDelete: 'cascade' }),
  applicationIdEnc: text('application_id_enc').notNull(),
  accessKeyEnc: text('access_key_enc').notNull(),
  tenantKey: text('tenant_key').notNull(),
  /** The built-in sandbox Karbon, not a real account. */
  sandbox: boolean('sandbox').notNull().default(false),
  webhookToken: text('webhook_token').notNull().unique(),
  signingKeyEnc: text('signing_key_enc').notNull(),
  webhooks: jsonb('webhooks').$type<string[]>().notNull().default([]),
  settings: jsonb('settings').$type<KarbonSettings>().notNull(),
  workTypes: jsonb('work_types').$type<KarbonWorkType[]>().notNull().default([]),
  workStatuses: jsonb('work_statuses').$type<KarbonWorkStatus[]>().notNull().default([]),
  users: jsonb('users').$type<KarbonUser[]>().notNull().default([]),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** The firm admin who connected Karbon: receipts brought in from Karbon are recorded as theirs. */
  connectedBy: integer('connected_by').references(() => users.pk, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Karbon files Herd has taken in (or turned away, with why), so each is looked at once. */
export const karbonImportedFiles = pgTable(
  'karbon_imported_files',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    receiptId: integer('receipt_id'),
    refusal: text('refusal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('karbon_imported_files_unique').on(t.firmId, t.fileKey)],
);

/** A client company's own Karbon choices; a key left out follows the firm's. */
export const karbonClientSettings = pgTable('karbon_client_settings', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  clientCompanyId: integer('client_company_id')
    .notNull()
    .unique()
    .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
  overrides: jsonb('overrides').$type<Partial<KarbonSettings>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which Karbon client (organization or contact) a Herd client company is. */
export const karbonMappings = pgTable(
  'karbon_mappings',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .unique()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    karbonKey: text('karbon_key').notNull(),
    karbonType: text('karbon_type').$type<'Organization' | 'Contact'>().notNull(),
    /** When the client's Karbon files were last looked at for receipts: the longest unlooked come first. */
    filesCheckedAt: timestamp('files_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('karbon_mappings_firm_idx').on(t.firmId)],
);

/** Karbon's organizations and contacts as Herd last read them (resync, webhooks): what mappings are chosen from. */
export const karbonDirectory = pgTable(
  'karbon_directory',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type').$type<'Organization' | 'Contact'>().notNull(),
    name: text('name').notNull(),
    email: text('email'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('karbon_directory_firm_key_unique').on(t.firmId, t.key)],
);

export const KARBON_EVENT_STATES = ['PENDING', 'SENT', 'FAILED'] as const;

/**
 * What Herd owes Karbon (a note, a work item), written in the transaction that saved the event it
 * tells of, then sent by a job: one row per event key, so an event is never sent twice, and a row
 * still waiting takes later events of the same kind and company (their count grows) instead of a
 * second note.
 */
export const karbonEvents = pgTable(
  'karbon_events',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    count: integer('count').notNull().default(1),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<(typeof KARBON_EVENT_STATES)[number]>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** The note's or work item's key at Karbon, once written. */
    karbonRef: text('karbon_ref'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('karbon_events_key_unique').on(t.firmId, t.eventKey), index('karbon_events_waiting_idx').on(t.firmId, t.state, t.nextAttemptAt)],
);
