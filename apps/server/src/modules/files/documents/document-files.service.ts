import type { AppDeps } from '../../../app-deps.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { findFile, StoredObjectMissingError, zipStoredFiles } from '../../platform/stored-files/stored-files.face.js';
import { zipEntryPath } from './document-names.service.js';
import { visibleItems, documentScope } from './document-scope.service.js';
import { findStorageKeys, findSubtreeFiles } from './documents.queries.js';

interface OnSide {
  companyPk: number;
  side: Side;
}

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
