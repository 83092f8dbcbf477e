import type { ClientCompany } from '@herd/contract';
import type { ledgerConnections } from '../../../db/schema/index.js';

type Connection = typeof ledgerConnections.$inferSelect;

/**
 * Where a ledger connection's sync stands, as the clients list and a ledger's profile (`quickbooks/profile/`) show it.
 * QuickBooks Desktop runs when its Web Connector calls, not on the sync schedule: its next sync is the Web
 * Connector's next expected run (`connectorNextRun`, from `nextConnectorRuns`), null before its first run.
 */
export const syncInfo = (connection: Connection, connectorNextRun: Date | null = null): NonNullable<ClientCompany['ledger_sync']> => ({
  provider: connection.provider,
  external_company_id: connection.externalCompanyId,
  sandbox: connection.sandbox,
  state: connection.syncState,
  last_synced_at: connection.lastSyncedAt?.toISOString() ?? null,
  last_error: connection.lastSyncError,
  next_sync_at: (connection.provider === 'QBD' ? connectorNextRun : connection.nextPullAt)?.toISOString() ?? null,
  consecutive_failures: connection.pullFailures,
});
