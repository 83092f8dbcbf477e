import { createHash } from 'node:crypto';
import { isId, type DocumentItem } from '@herd/contract';
import type { AppDeps } from '../../app-deps.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { MultiUpload } from '../../lib/uploads.js';
import { StoredObjectMissingError } from '../../storage/driver.js';
import { sniffDocument } from '../../storage/sniff-document.js';
import { zipStoredFiles } from '../../storage/zip-stored-files.js';
import type { Side } from '../access/company-access.js';
import { auditDocuments } from './document-audit.js';
import type { Actor } from '../auth/actor.js';
import { notifyDocumentsAdded } from '../notifications/events.js';
import { findFile, insertFile, requireStorageRoom } from '../storage/storage.face.js';
import { newStorageKey } from '../storage/storage.service.js';
import { freeName, uploadedName, zipEntryPath } from './document-names.js';
import { toDocumentItem } from './document-items.js';
import { documentScope, targetChain, visibleItems } from './document-scope.js';
import { findStorageKeys, findSubtreeFiles, insertDocument } from './documents.queries.js';

interface OnSide {
  companyPk: number;
  side: Side;
}

/** The optional `folder` field of an upload: where the files go (the top level without it). */
const folderField = (fields: Record<string, string>): number | null => {
  if (!fields.folder) return null;
  const pk = Number(fields.folder);
  if (!/^\d+$/.test(fields.folder) || !isId(pk)) throw ValidationError.field('folder', 'Folder is not valid.');
  return pk;
};

const refusal = (name: string, sniff: { reason: 'unsupported' | 'mismatch'; claimed?: string }) =>
  sniff.reason === 'mismatch'
    ? `“${name}” is not a .${sniff.claimed} file: its contents are of another type. Save it in its own format and upload it again.`
    : `“${name}” is not a type Herd keeps. Upload a PDF, an image, a CSV or text file, or a Word, Excel or PowerPoint file.`;

/**
 * Files into a folder: every file is checked (type told by its bytes, name and contents agreeing)
 * before any is stored, so an upload is kept whole or not at all. A name already used in the folder
 * becomes "name (2)". The other side hears of it (docs/documents.md).
 */
export const uploadDocuments = async (
  { db, storage, config }: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  actor: Actor,
  input: OnSide & { upload: MultiUpload },
): Promise<{ results: DocumentItem[] }> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const folderPk = folderField(input.upload.fields);
  const chain = await targetChain(db, scope, folderPk);
  const checked: { name: string; bytes: Buffer; contentType: string; storageKey: string }[] = [];
  for (const file of input.upload.files) {
    const name = uploadedName(file.fileName);
    if (file.bytes.length === 0) throw ValidationError.field('file', `“${name}” is empty.`);
    const sniff = await sniffDocument(file.bytes, name);
    if (!sniff.ok) throw ValidationError.field('file', refusal(name, sniff));
    checked.push({ name, bytes: file.bytes, contentType: sniff.contentType, storageKey: newStorageKey() });
  }
  // The quota is checked before a byte is stored, and again under the firm's lock where the files are recorded.
  const quota = {
    firmId: scope.home.firmId,
    quotaBytes: config.storageQuotaBytes,
    adding: checked.reduce((sum, file) => sum + file.bytes.length, 0),
    byClient: scope.actsAsClient,
  };
  await requireStorageRoom(db, { ...quota, lock: false });
  for (const file of checked) await storage.put(file.storageKey, file.bytes, file.contentType);
  try {
    const rows = await db.transaction(async (tx) => {
      await requireStorageRoom(tx, { ...quota, lock: true });
      const out = [];
      for (const file of checked) {
        const stored = await insertFile(tx, {
          firmId: scope.home.firmId,
          clientCompanyId: scope.home.companyPk,
          storageKey: file.storageKey,
          name: file.name,
          contentType: file.contentType,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          createdBy: actor.userId,
        });
        const name = await freeName(tx, scope.home, folderPk, file.name, true);
        out.push(
          await insertDocument(tx, {
            firmId: scope.home.firmId,
            clientCompanyId: scope.home.companyPk,
            parentId: folderPk,
            kind: 'FILE',
            name,
            fileId: stored.pk,
            size: stored.size,
            contentType: stored.contentType,
            createdBy: actor.userId,
            addedByClient: scope.actsAsClient,
          }),
        );
      }
      await auditDocuments(tx, scope, 'upload', out, (row) => ({ name: row.name }));
      await notifyDocumentsAdded(tx, {
        firmId: scope.home.firmId,
        companyPk: scope.home.companyPk,
        folderPk,
        folderName: chain.at(-1)?.name ?? null,
        count: out.length,
        by: actor.userId,
        byClient: scope.actsAsClient,
        firmOnly: chain.some((row) => row.accountantOnly),
      });
      return out;
    });
    return { results: rows.map((row) => toDocumentItem(scope, row)) };
  } catch (err) {
    // Nothing recorded, nothing kept: the stored bytes go too.
    for (const file of checked) await storage.delete(file.storageKey).catch(() => undefined);
    throw err;
  }
};

/** A file of the company's documents, to stream: the scope must see it and everything above it. */
export const openDocument = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, actor: Actor, input: OnSide & { documentPk: number; inline?: '1' | '0' }) => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const [row] = await visibleItems(db, scope, [input.documentPk]);
  if (row!.kind !== 'FILE' || row!.fileId === null) throw new NotFoundError();
  const file = await findFile(db, scope.home.firmId, row!.fileId);
  if (!file) throw new NotFoundError();
  try {
    return { name: row!.name, contentType: file.contentType, size: file.size, inline: input.inline === '1', stream: await storage.get(file.storageKey) };
  } catch (err) {
    if (err instanceof StoredObjectMissingError) throw new NotFoundError('This file’s contents are no longer stored.');
    throw err;
  }
};
export type OpenedDocument = Awaited<ReturnType<typeof openDocument>>;

/**
 * Files and folders as one zip, streamed as it is built: a folder brings what it holds at any depth
 * (in the client's view, less accountant-only folders), under its own name.
 */
export const zipDocuments = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, actor: Actor, input: OnSide & { pks: number[] }) => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const rows = await visibleItems(db, scope, input.pks);
  const inFolders = await findSubtreeFiles(
    db,
    scope.home,
    rows.filter((row) => row.kind === 'FOLDER').map((row) => row.pk),
    scope.clientView,
  );
  const picked = [...rows.filter((row) => row.kind === 'FILE').map((row) => ({ pk: row.pk, path: [row.name] })), ...inFolders].map((item) => ({
    pk: item.pk,
    path: zipEntryPath(item.path),
  }));
  if (picked.length === 0) throw ValidationError.detail('There are no files in what you selected.');
  const filesOf = new Map(
    (
      await findStorageKeys(
        db,
        scope.home,
        picked.map((p) => p.pk),
      )
    ).map((f) => [f.pk, f.key]),
  );
  const used = new Set<string>();
  const entries = picked.flatMap((item) => {
    const key = filesOf.get(item.pk);
    if (!key) return [];
    let name = item.path;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${item.path} (${n})`;
    used.add(name.toLowerCase());
    return [{ name, key }];
  });
  const single = rows.length === 1 ? rows[0]!.name : 'documents';
  return { fileName: `${single.replace(/[^\w .()-]/g, '_')}.zip`, stream: zipStoredFiles(storage, entries) };
};
