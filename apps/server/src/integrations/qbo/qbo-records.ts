import { deletedRecord, liveRecord, type LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboEntity } from './qbo-api.js';
import { historyLinesOf } from './qbo-history-map.js';
import type { Lookups } from './qbo-lookups.js';
import { mapTransaction, type TransactionEntity } from './qbo-transaction-map.js';

/** Herd keeps a QuickBooks row as `<entity>:<Id>`: ids are unique per entity only. */
export const externalIdOf = (entity: TransactionEntity, id: string) => `${entity}:${id}`;

/** The QuickBooks id inside Herd's external id. */
export const qboIdOf = (entity: TransactionEntity, externalId: string) => externalId.slice(entity.length + 1);

/**
 * One QuickBooks transaction as the port's record: deleted (CDC and a re-read of a gone row say
 * so), waiting on a watched account (the part Herd asks about), or categorized in QuickBooks
 * (with the history it teaches). The SyncToken is its version.
 */
export const ledgerRecordOf = (entity: TransactionEntity, row: QboEntity, lookups: Lookups): LedgerRecord => {
  const externalId = externalIdOf(entity, String(row.Id));
  const version = row.SyncToken === undefined || row.SyncToken === null ? '' : String(row.SyncToken);
  if (row.status === 'Deleted') return deletedRecord(externalId, version);
  return liveRecord(externalId, version, row, mapTransaction(entity, row, lookups), () => historyLinesOf(entity, row, lookups));
};
