import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';

/**
 * How a QuickBooks Desktop company's Web Connector signs in to Herd: the user name its .qwc file
 * carries, the password the accountant typed into the Web Connector (only its hash is kept; it is
 * shown once when made), the .qwc's own ids, the company file the runs must have open, and how
 * often the Web Connector is told to run.
 */
export const webConnectorLogins = pgTable(
  'web_connector_logins',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    /** Null until the accountant asks for a password. */
    passwordHash: text('password_hash'),
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    /** The .qwc's OwnerID and FileID, GUIDs in braces, fixed for the company so a downloaded file stays valid. */
    ownerId: text('owner_id').notNull(),
    fileId: text('file_id').notNull(),
    /** The company file a run must have open; null until set, or until the first run names it. */
    companyFilePath: text('company_file_path'),
    runEveryMinutes: integer('run_every_minutes').notNull().default(60),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('web_connector_logins_company_unique').on(t.clientCompanyId), uniqueIndex('web_connector_logins_user_unique').on(t.userName)],
);

export const WEB_CONNECTOR_OUTCOMES = ['RUNNING', 'FINISHED', 'FAILED', 'INTERRUPTED', 'WRONG_FILE'] as const;
export type WebConnectorOutcome = (typeof WEB_CONNECTOR_OUTCOMES)[number];

/**
 * One Web Connector session (authenticate to closeConnection): its ticket (hashed; the ticket
 * itself travels in every call), what it did and how it ended, for the setup screen and for a
 * session whose calls reach another process.
 */
export const webConnectorRuns = pgTable(
  'web_connector_runs',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    outcome: text('outcome').$type<WebConnectorOutcome>().notNull().default('RUNNING'),
    /** qbXML requests answered in this run. */
    requests: integer('requests').notNull().default(0),
    companyFile: text('company_file'),
    lastError: text('last_error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('web_connector_runs_ticket_unique').on(t.ticketHash), index('web_connector_runs_company_idx').on(t.clientCompanyId, t.startedAt)],
);
