import { formatStorage, type StorageUsage } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import type { NoInput } from '../../../lib/service.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { firmStorageUsed, lockFirmStorage } from './storage-quota.queries.js';

/** Who is uploading: the firm's people are told the figures; the client's people that their accountant's storage is full. */
export interface QuotaCheck {
  firmId: number;
  quotaBytes: number;
  byClient: boolean;
  /** In the transaction that writes the files: holds the firm's quota until it commits. */
  lock: boolean;
}

/** A file offered for storage: its name for the words of a refusal, and its size. */
export interface OfferedFile {
  name: string;
  size: number;
}

const LIMIT_SET_BY = 'Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.';

const uploadRefusal = ({ quotaBytes, byClient }: QuotaCheck, adding: number, used: number) =>
  byClient
    ? `Your accountant’s file storage is full: this upload (${formatStorage(adding)}) would take it past its limit. Nothing was uploaded. Let your accountant know, so they can make room.`
    : `This upload (${formatStorage(adding)}) would take the firm past its storage limit: ${formatStorage(used)} of ${formatStorage(quotaBytes)} is used. Nothing was uploaded. ${LIMIT_SET_BY}`;

const fileRefusal = ({ quotaBytes, byClient }: QuotaCheck, file: OfferedFile, used: number) =>
  byClient
    ? `Your accountant’s file storage is full: “${file.name}” (${formatStorage(file.size)}) would take it past its limit. Let your accountant know, so they can make room.`
    : `“${file.name}” (${formatStorage(file.size)}) would take the firm past its storage limit: ${formatStorage(used)} of ${formatStorage(quotaBytes)} is used. ${LIMIT_SET_BY}`;

/**
 * Which of the files offered, in order, the firm's quota has room for (docs/documents.md, "Storage
 * quota"): each is judged against the room the files kept before it leave, so one too large does not
 * stop a smaller one after it. Per file: null when it fits, else the words of its refusal; `whole` is
 * what to say when none fits. Called once before any byte is stored, then again with `lock` in the
 * transaction that records the files, so two uploads at once cannot both take the last room.
 */
export const storageRoomFor = async (db: Db, check: QuotaCheck, files: OfferedFile[]) => {
  if (check.lock) await lockFirmStorage(db, check.firmId);
  const used = await firmStorageUsed(db, check.firmId);
  let taken = used;
  const refusals = files.map((file) => {
    if (taken + file.size > check.quotaBytes) return fileRefusal(check, file, taken);
    taken += file.size;
    return null;
  });
  const adding = files.reduce((sum, file) => sum + file.size, 0);
  return { refusals, whole: uploadRefusal(check, adding, used) };
};

/** The firm's storage and its limit, for its settings; any of the firm's people may read it. */
export const getStorageUsage = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, _input: NoInput): Promise<StorageUsage> => {
  const firmActor = can.workOnClients(actor);
  return { used_bytes: await firmStorageUsed(db, firmActor.firmId), quota_bytes: config.storageQuotaBytes };
};
