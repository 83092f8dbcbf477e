import { formatStorage, type StorageUsage } from '@herd/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { NoInput } from '../../lib/service.js';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { firmStorageUsed, lockFirmStorage } from './storage-quota.queries.js';

/** An upload the firm's storage quota has no room for: 413, the request's content is more than the server will keep. */
export class StorageQuotaError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** Who is uploading: the firm's people are told the figures; the client's people that their accountant's storage is full. */
export interface QuotaCheck {
  firmId: number;
  quotaBytes: number;
  adding: number;
  byClient: boolean;
  /** In the transaction that writes the files: holds the firm's quota until it commits. */
  lock: boolean;
}

const refusal = ({ quotaBytes, adding, byClient }: QuotaCheck, used: number) =>
  byClient
    ? `Your accountant’s file storage is full: this upload (${formatStorage(adding)}) would take it past its limit. Nothing was uploaded. Let your accountant know, so they can make room.`
    : `This upload (${formatStorage(adding)}) would take the firm past its storage limit: ${formatStorage(used)} of ${formatStorage(quotaBytes)} is used. Nothing was uploaded. Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.`;

/**
 * Refuses an upload that would take the firm past its quota (docs/documents.md, "Storage quota"). Called
 * once before any byte is stored, then again with `lock` in the transaction that records the files, so
 * two uploads at once cannot both take the last room.
 */
export const requireStorageRoom = async (db: Db, check: QuotaCheck) => {
  if (check.lock) await lockFirmStorage(db, check.firmId);
  const used = await firmStorageUsed(db, check.firmId);
  if (used + check.adding > check.quotaBytes) throw new StorageQuotaError(refusal(check, used));
};

/** The firm's storage and its limit, for its settings; any of the firm's people may read it. */
export const getStorageUsage = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, _input: NoInput): Promise<StorageUsage> => {
  const firmActor = can.workOnClients(actor);
  return { used_bytes: await firmStorageUsed(db, firmActor.firmId), quota_bytes: config.storageQuotaBytes };
};
