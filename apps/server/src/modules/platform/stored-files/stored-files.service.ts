import { createHash, randomBytes } from 'node:crypto';
import { apiPath, fileEndpoints, isId, type StoredFile } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { StoredObjectMissingError, type StorageDriver } from './storage.port.js';
import { sniffContentType } from '../../../lib/sniff.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Upload } from '../../../lib/uploads.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { findVisibleCompany } from '../../../kernel/visible-companies.js';
import { companyAccess, type CompanyAccess } from '../../../kernel/company-access.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';
import { clearLogoReferences, deleteFileRow, findAttachingTransactionPks, findFile, insertFile, isFirmLogo } from './stored-files.queries.js';
import type { AppDeps } from '../../../app-deps.js';

/** What reading a file reaches: the database and the other modules' grants (file-grants.port.ts). */
type FileDeps = Pick<AppDeps, 'db' | 'fileGrants'>;

type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export const fileUrl = (pk: number) => apiPath(fileEndpoints.retrieve.path.replace('{pk}', String(pk)));

/** The address of a stored file that may be missing (a firm's logo), or null. */
export const fileUrlOrNull = (pk: number | null) => (pk ? fileUrl(pk) : null);

export const toStoredFile = (row: FileRow): StoredFile => ({
  pk: row.pk,
  name: row.name,
  content_type: row.contentType,
  size: row.size,
  url: fileUrl(row.pk),
  created_at: row.createdAt.toISOString(),
});

/** Whether the company is in the actor's scope: visible to a firm user, or the client's own. */
const companyInScope = async (db: Db, actor: Actor, companyPk: number) =>
  isFirmActor(actor) ? (await findVisibleCompany(db, actor, companyPk)) !== null : actor.clientCompanyIds.includes(companyPk);

/** Whether the actor may see one of the transactions the file is attached to (a restricted client only within their accounts). */
const seesAnAttachingTransaction = async (db: Db, actor: Actor, companyPk: number, filePk: number) => {
  for (const transactionPk of await findAttachingTransactionPks(db, companyPk, filePk)) {
    try {
      await transactionAccess(db, actor, transactionPk);
      return true;
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  }
  return false;
};

/**
 * A file is visible as what it belongs to. A firm-level file to the firm's
 * staff, and to its clients only when it is the firm's logo. A client
 * company's file to the firm users who can see the company; to a client of
 * the company only if they uploaded it, or it is attached to a transaction
 * or is a receipt they can see, or a communication of their company holds
 * it (a firm-level file the firm shared in one too), so an account restriction hides the
 * attachments of other accounts' transactions. Anything else is 404, as a file that does not exist.
 */
export const getVisibleFile = async ({ db, fileGrants }: FileDeps, actor: Actor, pk: number): Promise<FileRow> => {
  const row = actor.firmId === null ? null : await findFile(db, actor.firmId, pk);
  if (!row || row.firmId !== actor.firmId) throw new NotFoundError();
  const granted = async (access: CompanyAccess | null) => {
    for (const grant of fileGrants) if (await grant(db, actor, row, access)) return true;
    return false;
  };
  if (row.clientCompanyId === null) {
    if (isFirmActor(actor) || (await isFirmLogo(db, row.firmId, row.pk)) || (await granted(null))) return row;
    throw new NotFoundError();
  }
  const access = await companyAccess(db, actor, row.clientCompanyId, isFirmActor(actor) ? 'accountant' : 'client');
  if (access.side === 'accountant' || row.createdBy === actor.userId) return row;
  if (await seesAnAttachingTransaction(db, actor, row.clientCompanyId, row.pk)) return row;
  if (await granted(access)) return row;
  throw new NotFoundError();
};

/** Keys are random and sharded, so they reveal nothing and spread across folders. */
export const newStorageKey = () => {
  const id = randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
};

export const cleanName = (name: string) => name.replace(/[\\/\r\n\t"]/g, '_').slice(0, 200) || 'file';

/** The optional `client_company` field of an upload: the company the file belongs to, or none (a firm-level file). */
const companyField = (fields: Record<string, string>): number | null => {
  if (!fields.client_company) return null;
  const pk = Number(fields.client_company);
  if (!isId(pk)) throw ValidationError.field('client_company', 'Client company is not valid.');
  return pk;
};

/** Stores an uploaded file: of a client company (`client_company` field) or, for firm staff, of the firm (a logo). */
export const storeUpload = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, actor: Actor, { bytes, fileName, fields }: Upload): Promise<StoredFile> => {
  const upload = { bytes, fileName, clientCompanyPk: companyField(fields) };
  if (actor.firmId === null) throw new ForbiddenError();
  if (!isFirmActor(actor) && upload.clientCompanyPk === null) throw ValidationError.field('client_company', 'Client company is required.');
  if (upload.clientCompanyPk !== null && !(await companyInScope(db, actor, upload.clientCompanyPk))) throw new NotFoundError();
  if (upload.bytes.length === 0) throw ValidationError.field('file', 'File is empty.');
  const contentType = await sniffContentType(upload.bytes, upload.fileName);
  if (!contentType) throw ValidationError.field('file', 'File type is not supported. Upload an image, a PDF or a CSV file.');
  const storageKey = newStorageKey();
  await storage.put(storageKey, upload.bytes, contentType);
  try {
    const row = await insertFile(db, {
      firmId: actor.firmId,
      clientCompanyId: upload.clientCompanyPk,
      storageKey,
      name: cleanName(upload.fileName),
      contentType,
      size: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      createdBy: actor.userId,
    });
    return toStoredFile(row);
  } catch (err) {
    // No row, no file: do not leave orphaned bytes behind.
    await storage.delete(storageKey);
    throw err;
  }
};

export interface OpenedFile {
  row: FileRow;
  stream: Awaited<ReturnType<StorageDriver['get']>>;
}

export const openFile = async (deps: Pick<AppDeps, 'db' | 'storage' | 'fileGrants'>, actor: Actor, { filePk: pk }: { filePk: number }): Promise<OpenedFile> => {
  const { storage } = deps;
  const row = await getVisibleFile(deps, actor, pk);
  try {
    return { row, stream: await storage.get(row.storageKey) };
  } catch (err) {
    // The row outlived its bytes (removed from the store by hand): there is nothing to download.
    if (err instanceof StoredObjectMissingError) throw new NotFoundError('This file’s contents are no longer stored.');
    throw err;
  }
};

/** Staff may delete the firm's files they can see; a client only what they uploaded. */
export const deleteFile = async (deps: Pick<AppDeps, 'db' | 'storage' | 'fileGrants'>, actor: Actor, { filePk: pk }: { filePk: number }) => {
  const { db, storage } = deps;
  const row = await getVisibleFile(deps, actor, pk);
  if (!isFirmActor(actor) && row.createdBy !== actor.userId) throw new ForbiddenError();
  await db.transaction(async (tx) => {
    await clearLogoReferences(tx, row.firmId, row.pk);
    await deleteFileRow(tx, row.firmId, row.pk);
    await writeAudit(tx, { firmId: row.firmId, actorUserId: actor.userId, action: 'file.delete', targetType: 'file', targetPk: row.pk, details: { name: row.name } });
  });
  await storage.delete(row.storageKey);
};
