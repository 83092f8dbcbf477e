import { createHash } from 'node:crypto';
import type { ReceiptSource } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { receipts } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { notifyReceiptsArrived } from '../../messaging/notifications/notifications.face.js';
import { insertFile, type StorageDriver } from '../../platform/stored-files/stored-files.face.js';
import { cleanName, newStorageKey } from '../../platform/stored-files/stored-files.face.js';

export interface IntakeDeps {
  db: Db;
  storage: StorageDriver;
  jobs: JobQueue;
}

/** Files already checked (`checkReceiptFile`), to become receipts of one home together. */
export interface ReceiptIntake {
  firmId: number;
  companyPk: number | null;
  uploadedBy: number;
  source: ReceiptSource;
  note: string;
  files: { fileName: string; bytes: Buffer; contentType: string }[];
}

/** Where an intake reports a stored file it could not remove again (a request's logger, or a job's). */
export interface IntakeLog {
  error(details: object, message: string): void;
}

/** Runs inside the intake's transaction, for what must be written with the receipts (an email's claim on its message). */
export type AlsoWrite = (tx: Db, receiptPks: number[]) => Promise<boolean>;

/**
 * Makes one receipt per file, all or none. The bytes are stored first; the
 * file rows, the receipts and the audit entry are written in one database
 * transaction, and the bytes are removed again if it does not commit (or
 * `alsoWrite` declines: a message already filed). Then one `receipt-read` job
 * per receipt is queued, keyed by the receipt, so asking twice reads it once.
 * Answers the new receipts' pks, or null when `alsoWrite` declined.
 */
export const intakeReceipts = async (deps: IntakeDeps, log: IntakeLog, intake: ReceiptIntake, alsoWrite?: AlsoWrite): Promise<number[] | null> => {
  const stored: { key: string; file: ReceiptIntake['files'][number] }[] = [];
  const removeStored = async () => {
    for (const { key } of stored) await deps.storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'could not remove a stored receipt file'));
  };
  let pks: number[] | null;
  try {
    for (const file of intake.files) {
      const key = newStorageKey();
      await deps.storage.put(key, file.bytes, file.contentType);
      stored.push({ key, file });
    }
    pks = await deps.db.transaction(async (tx) => {
      const created: number[] = [];
      for (const { key, file } of stored) {
        const fileRow = await insertFile(tx, {
          firmId: intake.firmId,
          clientCompanyId: intake.companyPk,
          storageKey: key,
          name: cleanName(file.fileName),
          contentType: file.contentType,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          createdBy: intake.uploadedBy,
        });
        const [row] = await tx
          .insert(receipts)
          .values({
            firmId: intake.firmId,
            clientCompanyId: intake.companyPk,
            uploadedBy: intake.uploadedBy,
            fileId: fileRow.pk,
            source: intake.source,
            note: intake.note,
          })
          .returning({ pk: receipts.pk });
        created.push(row!.pk);
      }
      if (alsoWrite && !(await alsoWrite(tx, created))) return null;
      await writeAudit(tx, {
        firmId: intake.firmId,
        actorUserId: intake.uploadedBy,
        action: 'receipt.create',
        targetType: intake.companyPk === null ? 'firm' : 'client_company',
        targetPk: intake.companyPk ?? intake.firmId,
        details: { receipts: created, source: intake.source },
      });
      await notifyReceiptsArrived(tx, { firmId: intake.firmId, companyPk: intake.companyPk, pks: created, by: intake.uploadedBy });
      return created;
    });
  } catch (err) {
    await removeStored();
    throw err;
  }
  if (pks === null) {
    await removeStored();
    return null;
  }
  // The receipts are kept whatever happens here: one whose reading could not be queued stays PENDING (the counters' `unread`).
  for (const receiptPk of pks) {
    await deps.jobs
      .send('receipt-read', { receiptPk }, `receipt-read:${receiptPk}`)
      .catch((err: unknown) => log.error({ err, receiptPk }, 'could not queue a receipt’s reading'));
  }
  return pks;
};
