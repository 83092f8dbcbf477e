import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, transactionAttachments } from '../../db/schema/index.js';
import type { StorageDriver } from '../../storage/driver.js';
import type { AttachRefusal, LedgerFile } from '../ledger-adapter.js';
import { isFault, type QboApi } from './qbo-api.js';
import type { TransactionEntity } from './qbo-transaction-map.js';

/** A file of a transaction that is not in QuickBooks yet. */
export type FileToAttach = LedgerFile;

/** The files not yet in QuickBooks of the given transactions, read in one query for a whole batch. */
export const filesToAttach = async (db: Db, txPks: number[]): Promise<Map<number, FileToAttach[]>> => {
  const byTransaction = new Map<number, FileToAttach[]>();
  if (txPks.length === 0) return byTransaction;
  const rows = await db
    .select({ txPk: transactionAttachments.transactionId, pk: transactionAttachments.pk, name: files.name, contentType: files.contentType, storageKey: files.storageKey })
    .from(transactionAttachments)
    .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
    .where(and(inArray(transactionAttachments.transactionId, txPks), isNull(transactionAttachments.ledgerAttachmentId)));
  for (const { txPk, ...file } of rows) byTransaction.set(txPk, [...(byTransaction.get(txPk) ?? []), file]);
  return byTransaction;
};

/**
 * Uploads a published transaction's files as Attachables linked to it (one
 * request each: QuickBooks' upload takes no batch). Each success is recorded
 * at once, so a retry uploads only what is still missing. A file QuickBooks
 * refuses is the row's error; the categorization itself stands.
 */
export const attachFiles = async (
  deps: { db: Db; api: QboApi; storage: StorageDriver },
  txPk: number,
  entity: TransactionEntity,
  id: string,
  pending: FileToAttach[],
): Promise<AttachRefusal | null> => {
  for (const file of pending) {
    try {
      const bytes = await buffer(await deps.storage.get(file.storageKey));
      const attachable = await deps.api.attach(entity, id, { name: file.name, contentType: file.contentType, bytes });
      await deps.db
        .update(transactionAttachments)
        .set({ ledgerAttachmentId: attachable.Id })
        .where(and(eq(transactionAttachments.pk, file.pk), eq(transactionAttachments.transactionId, txPk)));
    } catch (err) {
      if (!isFault(err, 'validation')) throw err;
      return { code: err.code, message: `The categorization was published, but QuickBooks refused the file ${file.name}: ${err.ledgerMessage}` };
    }
  }
  return null;
};
