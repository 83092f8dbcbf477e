import { buffer } from 'node:stream/consumers';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, transactionAttachments } from '../../db/schema/index.js';
import type { StorageDriver } from '../../storage/driver.js';
import type { LineRow, TransactionRow } from '../../modules/transactions/transactions.queries.js';
import type { PublishOutcome } from '../ledger-adapter.js';
import { isFault, type QboApi, type QboEntity } from './qbo-api.js';
import type { Lookups } from './qbo-lookups.js';
import { buildPublishUpdate, UnpublishableError, type PublishLine } from './qbo-publish-map.js';
import { mapTransaction, type TransactionEntity } from './qbo-transaction-map.js';

/** Herd's lines with QuickBooks ids; null when a category is not one QuickBooks knows. */
const toPublishLines = (lines: LineRow[], lookups: Lookups): PublishLine[] | null => {
  const mapped: PublishLine[] = [];
  for (const line of lines) {
    const category = lookups.accountExternalId(line.categoryId);
    if (!category) return null;
    mapped.push({
      amountCents: Math.round(Number(line.amount) * 100),
      description: line.description,
      categoryExternalId: category,
      vendorExternalId: lookups.refExternalId(line.vendorId),
      customerExternalId: lookups.refExternalId(line.customerId),
      classExternalId: lookups.refExternalId(line.classId),
      locationExternalId: lookups.refExternalId(line.locationId),
      taxExternalId: lookups.refExternalId(line.taxId),
      billable: line.billable,
    });
  }
  return mapped;
};

export interface PublishDeps {
  db: Db;
  api: QboApi;
  lookups: Lookups;
  storage: StorageDriver;
}

/**
 * Writes one categorization back with a sparse update. A stale SyncToken
 * means someone changed the transaction in QuickBooks: read it again, and
 * if it is still uncategorized reapply once; if it was categorized there
 * meanwhile, it is MATCHED. Faults QuickBooks calls validation faults become
 * the row's sync error in QuickBooks' own words; the rest (rate limit,
 * outage, lost connection) are thrown so the job retries.
 */
export const publishToQbo = async (deps: PublishDeps, row: TransactionRow, lines: LineRow[]): Promise<PublishOutcome> => {
  const entity = row.ledgerEntityType as TransactionEntity;
  const lineValues = toPublishLines(lines, deps.lookups);
  if (!lineValues) return { kind: 'rejected', code: 'HERD', message: 'Every line needs a category that exists in QuickBooks.' };

  let updated: QboEntity;
  try {
    updated = await write(deps, entity, row.raw as QboEntity, lineValues);
  } catch (err) {
    if (isFault(err, 'stale')) {
      const fresh = await deps.api.read(entity, (row.raw as QboEntity).Id);
      if (!mapTransaction(entity, fresh, deps.lookups)) return { kind: 'matched', raw: fresh, ledgerVersion: fresh.SyncToken };
      try {
        updated = await write(deps, entity, fresh, lineValues);
      } catch (retryErr) {
        return rejectedOr(retryErr);
      }
    } else {
      return rejectedOr(err);
    }
  }

  const attachmentError = await attachFiles(deps, row.pk, entity, updated.Id);
  if (attachmentError) return { kind: 'rejected', code: attachmentError.code, message: attachmentError.message, raw: updated, ledgerVersion: updated.SyncToken };
  return { kind: 'published', ledgerVersion: updated.SyncToken, raw: updated };
};

const write = (deps: PublishDeps, entity: TransactionEntity, raw: QboEntity, lines: PublishLine[]) =>
  deps.api.sparseUpdate(entity, buildPublishUpdate(entity, raw, lines, deps.lookups));

const rejectedOr = (err: unknown): PublishOutcome => {
  if (err instanceof UnpublishableError) return { kind: 'rejected', code: 'HERD', message: err.message };
  if (isFault(err, 'validation') || isFault(err, 'stale')) return { kind: 'rejected', code: err.code, message: err.ledgerMessage };
  throw err;
};

/**
 * Uploads the transaction's files not yet in QuickBooks as Attachables
 * linked to it. Each success is recorded at once, so a retry uploads only
 * what is still missing.
 */
const attachFiles = async (deps: PublishDeps, txPk: number, entity: TransactionEntity, id: string): Promise<{ code: string; message: string } | null> => {
  const pending = await deps.db
    .select({ pk: transactionAttachments.pk, name: files.name, contentType: files.contentType, storageKey: files.storageKey })
    .from(transactionAttachments)
    .innerJoin(files, eq(files.pk, transactionAttachments.fileId))
    .where(and(eq(transactionAttachments.transactionId, txPk), isNull(transactionAttachments.ledgerAttachmentId)));
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
