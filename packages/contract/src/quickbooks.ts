import { z } from 'zod';
import { idField, idQuery, requiredIdQuery } from './ids.js';
import { CONNECTION_STATES } from './enums.js';

/** Start or callback of Intuit's OAuth: the callback carries `code`, `state` and `realmId` (or `error`). */
export const qboOAuthQuery = z.object({
  client_company: idQuery('Client company').optional(),
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  realmId: z.string().max(100).optional(),
  error: z.string().max(200).optional(),
});

/** Where to send the browser to consent at Intuit. */
export const qboAuthorizeResponse = z.object({ url: z.string() });

export const qboCompanyQuery = z.object({ client_company: requiredIdQuery('Client company') });
export const qboSyncClientBody = z.object({ client_company: idField('Client company') });

export const SYNC_STATES = ['IDLE', 'QUEUED', 'RUNNING', 'FAILED'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** Where a ledger connection's sync stands, on the clients list and the client's pages. */
export const ledgerSyncInfo = z.object({
  provider: z.string(),
  external_company_id: z.string(),
  /** Connected to a sandbox company, not a real one. */
  sandbox: z.boolean(),
  state: z.enum(SYNC_STATES),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** When the sync schedule pulls next (null until it has placed the company): after failures, the backed-off try. */
  next_sync_at: z.string().nullable(),
  /** Pulls that failed in a row since the last one that finished (0 when the last one finished). */
  consecutive_failures: z.number().int(),
});
export type LedgerSyncInfo = z.infer<typeof ledgerSyncInfo>;

export const qboProfile = ledgerSyncInfo.extend({
  client_company: z.number(),
  connection_state: z.enum(CONNECTION_STATES),
  connected_at: z.string(),
});
