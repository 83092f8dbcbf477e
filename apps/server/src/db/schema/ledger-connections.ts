import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { users } from './users.js';

export const SYNC_STATES = ['IDLE', 'QUEUED', 'RUNNING', 'FAILED'] as const;
export const syncStateEnum = pgEnum('sync_state', SYNC_STATES);

/** What the next pull should do: only what changed, what is missing since the sync date, or everything again. */
export const PULL_MODES = ['INCREMENTAL', 'MISSING', 'FULL'] as const;
export const pullModeEnum = pgEnum('pull_mode', PULL_MODES);

/**
 * A client company's link to a ledger outside Herd (QuickBooks Online today;
 * Xero and QuickBooks Desktop later): who it is at the ledger, the tokens to
 * reach it (encrypted with SECRET_KEY), and where its sync stands.
 */
export const ledgerConnections = pgTable(
  'ledger_connections',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** QuickBooks' realmId: the company id in every API path. */
    externalCompanyId: text('external_company_id').notNull(),
    /** Connected to the built-in sandbox instead of the real service. */
    sandbox: boolean('sandbox').notNull().default(false),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    connectedBy: integer('connected_by').references(() => users.pk, { onDelete: 'set null' }),
    syncState: syncStateEnum('sync_state').notNull().default('IDLE'),
    pullMode: pullModeEnum('pull_mode').notNull().default('FULL'),
    /** The ledger's change time up to which everything has been pulled. */
    pulledUpTo: timestamp('pulled_up_to', { withTimezone: true }),
    /** Where an interrupted pull resumes: the list and the page it had reached. */
    pullProgress: jsonb('pull_progress').$type<PullProgress | null>(),
    /**
     * Transactions to read again at the connector's next run (a ledger that calls Herd, QuickBooks
     * Desktop, cannot be asked now); emptied when that run has read them.
     */
    rereadPending: jsonb('reread_pending').$type<number[]>().notNull().default([]),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    /**
     * When the sync schedule pulls this company next (docs/quickbooks.md, "The sync schedule"); null until the
     * first sweep or pull gives it its place in the interval.
     */
    nextPullAt: timestamp('next_pull_at', { withTimezone: true }),
    /** Pulls that failed since the last one that finished: each one pushes the next scheduled try further out. */
    pullFailures: integer('pull_failures').notNull().default(0),
    /** When a sweep last queued this company, so a grant close to expiry is queued at most once an interval. */
    lastScheduledAt: timestamp('last_scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_connections_company_unique').on(t.clientCompanyId),
    // Webhooks name the realm only.
    index('ledger_connections_realm_idx').on(t.provider, t.externalCompanyId),
    // The sync sweep reads the connections whose turn has come.
    index('ledger_connections_next_pull_idx').on(t.nextPullAt),
  ],
);

export interface PullProgress {
  /** When this pull started at the ledger's clock; becomes `pulled_up_to` once it finishes. */
  startedAt: string;
  mode: (typeof PULL_MODES)[number];
  /** Lists done, in order. */
  done: string[];
  /** The list being read and the next position in it. */
  current: { entity: string; position: number } | null;
}

/**
 * Webhook deliveries already accepted, by a digest of their signed body: a
 * replayed delivery (same body, valid signature) is answered but not queued
 * again. Rows older than the replay window are swept by maintenance.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    provider: text('provider').notNull(),
    digest: text('digest').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_deliveries_digest_idx').on(t.provider, t.digest), index('webhook_deliveries_received_idx').on(t.receivedAt)],
);
