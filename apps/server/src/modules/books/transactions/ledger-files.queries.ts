import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { files, transactionAttachments } from '../../../db/schema/index.js';
import type { StorageDriver } from '../../platform/stored-files/stored-files.face.js';
import type { LedgerFile } from '../ledger/ledger.face.js';

/**
 * The files of these transactions the ledger does not hold yet (no ledger id on their attachment
 * row), read in one query for a whole publish, each ready for an adapter: its bytes from storage
 * when asked, and the ledger's id recorded on its row the moment it is uploaded, so a retry sends
 * only what is still missing. `fileId` narrows it to one file (a file attached after publishing).
 */
export const filesForLedger = async (deps: { db: Db; storage: StorageDriver }, txPks: number[], fileId?: number): Promise<Map<number, LedgerFile[]>> => {
  const byTransaction = new Map<number, LedgerFile[]>();
  if (txPks.length === 0) return byTransaction;
  const rows = await deps.db
    .select({ txPk: transactionAttachments.transactionId, pk: transactionAttachments.pk, name: files.name, contentType: files.contentType, storageKey: files.storageKey })
    .from(transactionAttachments)
    .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
    .where(
      and(
        inArray(transactionAttachments.transactionId, txPks),
        isNull(transactionAttachments.ledgerAttachmentId),
        fileId === undefined ? undefined : eq(transactionAttachments.fileId, fileId),
      ),
    );
  for (const row of rows) {
    const file: LedgerFile = {
      name: row.name,
      contentType: row.contentType,
      read: async () => buffer(await deps.storage.get(row.storageKey)),
      uploaded: async (ledgerAttachmentId) => {
        await deps.db
          .update(transactionAttachments)
          .set({ ledgerAttachmentId })
          .where(and(eq(transactionAttachments.pk, row.pk), eq(transactionAttachments.transactionId, row.txPk)));
      },
    };
    byTransaction.set(row.txPk, [...(byTransaction.get(row.txPk) ?? []), file]);
  }
  return byTransaction;
};
