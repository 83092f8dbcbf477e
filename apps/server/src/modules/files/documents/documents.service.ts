import { randomUUID } from 'node:crypto';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { Db } from '../../../db/client.js';
import type { DocumentFolderChoice, DocumentItem, DocumentList, DocumentListQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Side } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { auditDocuments } from './document-audit.queries.js';
import { freeName, nameTaken } from './document-names.service.js';
import { toDocumentItem } from './document-items.view.js';
import { documentScope, requireChangeable, targetChain, visibleFolder, visibleItems, type DocumentScope } from './document-scope.service.js';
import { giveYearFolders } from './year-folders.service.js';
import { readSmartFolder, smartFolderItem, smartFoldersMatching } from './smart-folders.service.js';
import { putBack } from './document-restore.service.js';
import { findFolderHoldingLocked } from './document-trash.queries.js';
import { countFolder, findDeletion, insertDocument, listAllFolders, listFolder, trashDocuments, updateDocument } from './documents.queries.js';

type Deps = Pick<AppDeps, 'db'>;
interface OnSide {
  companyPk: number;
  side: Side;
}

const crumbsOf = (chain: { pk: number; name: string }[]) => [
  { pk: null, smart: null, name: 'Documents' },
  ...chain.map((row) => ({ pk: row.pk, smart: null, name: row.name })),
];

/** A folder's page: the company's top level (with its smart folders and its year folders), one of its folders, or a smart folder. */
export const listDocuments = async ({ db }: Deps, actor: Actor, input: OnSide & DocumentListQuery & { url: string }): Promise<DocumentList> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const { page, page_size: pageSize, url } = input;
  if (input.smart) {
    if (input.folder) throw ValidationError.field('smart', 'Choose a folder or a smart folder, not both.');
    const smart = await readSmartFolder(db, scope, input.smart, input);
    const path = [crumbsOf([])[0]!, { pk: null, smart: input.smart, name: smartFolderItem(input.smart, new Date()).name }];
    return {
      path,
      folder: { pk: null, smart: input.smart, accountant_only: false, inherits_accountant_only: false, writable: false },
      ...smart,
      next: pageLinks(url, page, pageSize, smart.count).next,
    };
  }
  const chain = input.folder ? await visibleFolder(db, scope, input.folder) : [];
  if (!input.folder) await giveYearFolders(db, scope);
  const parentPk = input.folder ?? null;
  const listing = { parentPk, clientView: scope.clientView };
  const rows = await listFolder(db, scope.home, { ...listing, search: input.search, ordering: input.ordering, limit: pageSize, offset: (page - 1) * pageSize });
  const own = await countFolder(db, scope.home, listing, input.search);
  const ownTotal = input.search ? await countFolder(db, scope.home, listing) : own;
  // The smart folders lead the top level's first page; they count as items of it.
  const smart = parentPk === null ? smartFoldersMatching(input.search) : [];
  const results: DocumentItem[] = [
    ...(page === 1 ? smart.map((folder) => smartFolderItem(folder, new Date())) : []),
    ...rows.map((r) => toDocumentItem(scope, r.row, r.addedBy)),
  ];
  return {
    path: crumbsOf(chain),
    folder: {
      pk: parentPk,
      smart: null,
      accountant_only: chain.at(-1)?.accountantOnly ?? false,
      inherits_accountant_only: chain.slice(0, -1).some((row) => row.accountantOnly),
      writable: true,
    },
    count: own + smart.length,
    total: ownTotal + (parentPk === null ? smartFoldersMatching().length : 0),
    next: pageLinks(url, page, pageSize, own).next,
    results,
  };
};

/** Every folder the scope may put things in, with its path from the top, in path order. */
export const listFolderChoices = async ({ db }: Deps, actor: Actor, { companyPk, side }: OnSide): Promise<DocumentFolderChoice[]> => {
  const scope = await documentScope(db, actor, companyPk, side);
  const folders = await listAllFolders(db, scope.home);
  const byPk = new Map(folders.map((f) => [f.pk, f]));
  const choices: DocumentFolderChoice[] = [];
  for (const folder of folders) {
    const names: string[] = [];
    let hidden = false;
    let reached = true;
    for (let at: typeof folder | undefined = folder, depth = 0; at; at = at.parentId === null ? undefined : byPk.get(at.parentId), depth += 1) {
      names.unshift(at.name);
      hidden ||= at.accountantOnly;
      // A parent not in the map is in the trash: the folder is gone with it.
      if (at.parentId !== null && !byPk.has(at.parentId)) reached = false;
      if (depth > 200) break;
    }
    if (reached && !(scope.clientView && hidden)) choices.push({ pk: folder.pk, path: names.join(' / '), accountant_only: hidden });
  }
  return choices.sort((a, b) => a.path.localeCompare(b.path));
};

const firmOnlyFlag = (scope: DocumentScope, accountantOnly: boolean | undefined) => {
  if (accountantOnly !== undefined && scope.clientView) throw new ForbiddenError('Only the firm can make a folder accountant-only.');
  return accountantOnly;
};

/** Inserts or updates under the one-name-per-folder rule: a name taken meanwhile is the same field error as one taken before. */
const withNameRule = async <T>(db: Db, scope: DocumentScope, parentPk: number | null, name: string, isFile: boolean, write: () => Promise<T>): Promise<T> => {
  const suggestion = await freeName(db, scope.home, parentPk, name, isFile);
  if (suggestion !== name) throw nameTaken('name', name, suggestion);
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken('name', name, await freeName(db, scope.home, parentPk, name, isFile));
    throw err;
  }
};

export const createFolder = async (
  { db }: Deps,
  actor: Actor,
  input: OnSide & { parent?: number | null; name: string; accountant_only?: boolean },
): Promise<DocumentItem> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const accountantOnly = firmOnlyFlag(scope, input.accountant_only) ?? false;
  await targetChain(db, scope, input.parent);
  const row = await withNameRule(db, scope, input.parent ?? null, input.name, false, () =>
    db.transaction(async (tx) => {
      const created = await insertDocument(tx, {
        firmId: scope.home.firmId,
        clientCompanyId: scope.home.companyPk,
        parentId: input.parent ?? null,
        kind: 'FOLDER',
        name: input.name,
        accountantOnly,
        createdBy: actor.userId,
        addedByClient: scope.actsAsClient,
      });
      await auditDocuments(tx, scope, 'folder_create', [created], (row) => ({ name: row.name }));
      return created;
    }),
  );
  return toDocumentItem(scope, row);
};

/** Renames a file or folder, or (the firm only) marks a folder accountant-only. */
export const updateDocumentItem = async (
  { db }: Deps,
  actor: Actor,
  input: OnSide & { documentPk: number; name?: string; accountant_only?: boolean },
): Promise<DocumentItem> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const accountantOnly = firmOnlyFlag(scope, input.accountant_only);
  const [row] = await visibleItems(db, scope, [input.documentPk]);
  requireChangeable(scope, [row!]);
  if (accountantOnly !== undefined && row!.kind !== 'FOLDER') throw ValidationError.field('accountant_only', 'Only a folder can be made accountant-only.');
  const rename = input.name !== undefined && input.name !== row!.name;
  if (!rename && (accountantOnly === undefined || accountantOnly === row!.accountantOnly)) return toDocumentItem(scope, row!);
  const write = () =>
    db.transaction(async (tx) => {
      const updated = await updateDocument(tx, scope.home, row!.pk, { ...(rename && { name: input.name }), ...(accountantOnly !== undefined && { accountantOnly }) });
      if (!updated) throw new NotFoundError();
      await auditDocuments(tx, scope, 'update', [updated], (row) => ({
        from: row.name === updated.name ? undefined : row.name,
        name: updated.name,
        accountant_only: updated.accountantOnly,
      }));
      return updated;
    });
  // Renaming to another case of the same name is the item's own name, not a clash.
  const sameNameOtherCase = rename && input.name!.toLowerCase() === row!.name.toLowerCase();
  const updated = rename && !sameNameOtherCase ? await withNameRule(db, scope, row!.parentId, input.name!, row!.kind === 'FILE', write) : await write();
  return toDocumentItem(scope, updated);
};

/** Moves files and folders into a folder (or the top level); a folder never into itself or its own subfolders. */
export const moveDocuments = async ({ db }: Deps, actor: Actor, input: OnSide & { pks: number[]; parent: number | null }): Promise<{ results: DocumentItem[] }> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const rows = await visibleItems(db, scope, input.pks);
  requireChangeable(scope, rows);
  const chain = await targetChain(db, scope, input.parent);
  const moved = new Set(rows.map((row) => row.pk));
  const loop = chain.find((folder) => moved.has(folder.pk));
  if (loop) throw ValidationError.field('parent', `“${loop.name}” cannot be moved into itself or into one of its own folders.`);
  const moving = rows.filter((row) => row.parentId !== input.parent);
  const names = new Set<string>();
  for (const row of moving) {
    const key = row.name.toLowerCase();
    const free = await freeName(db, scope.home, input.parent, row.name, row.kind === 'FILE');
    if (free !== row.name || names.has(key)) throw ValidationError.field('parent', `The folder already holds an item named “${row.name}”. Rename one of them first.`);
    names.add(key);
  }
  const updated = await db
    .transaction(async (tx) => {
      const out = [];
      for (const row of moving) out.push((await updateDocument(tx, scope.home, row.pk, { parentId: input.parent }))!);
      await auditDocuments(tx, scope, 'move', moving, (row) => ({ from: row.parentId, to: input.parent }));
      return out;
    })
    .catch(async (err: unknown) => {
      if (isUniqueViolation(err)) throw ValidationError.field('parent', 'The folder already holds an item of the same name. Rename it first.');
      throw err;
    });
  const byPk = new Map(updated.map((row) => [row.pk, row]));
  return { results: rows.map((row) => toDocumentItem(scope, byPk.get(row.pk) ?? row)) };
};

/** Why a folder cannot be deleted from the client's screens: it holds what this person may not delete (docs/documents.md, "Trash and undo"). */
const heldBack = (scope: DocumentScope, name: string) =>
  new ForbiddenError(
    scope.actsAsClient
      ? `“${name}” also holds files or folders your accountant added, so it cannot be deleted. You can delete what your company added inside it.`
      : `“${name}” holds an accountant-only folder, which the client’s view does not show, so it cannot be deleted here. Delete it from the firm’s view.`,
  );

/**
 * Puts files and folders in the trash, together: the answer's `deletion` restores them (undo). A folder
 * goes with everything it holds, so from the client's screens a folder holding anything this person may
 * not delete or cannot see is refused whole: nobody trashes what is not theirs to delete.
 */
export const deleteDocuments = async ({ db }: Deps, actor: Actor, input: OnSide & { pks: number[] }) => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const rows = await visibleItems(db, scope, input.pks);
  requireChangeable(scope, rows);
  const folders = rows.filter((row) => row.kind === 'FOLDER');
  const deletion = randomUUID();
  const trashed = await db.transaction(async (tx) => {
    if (scope.clientView) {
      const held = await findFolderHoldingLocked(
        tx,
        scope.home,
        folders.map((row) => row.pk),
        { firmItems: scope.actsAsClient },
      );
      if (held !== null) throw heldBack(scope, folders.find((row) => row.pk === held)!.name);
    }
    const done = await trashDocuments(
      tx,
      scope.home,
      rows.map((row) => row.pk),
      { id: deletion, by: actor.userId },
    );
    await auditDocuments(tx, scope, 'delete', rows, (row) => ({ name: row.name, deletion }));
    return done;
  });
  return { deletion, count: trashed.length };
};

/** Restores what one delete put in the trash (the undo): where it was if that folder is still there, else at the top level; a name taken meanwhile becomes "name (2)". */
export const restoreDocuments = async ({ db }: Deps, actor: Actor, input: OnSide & { deletion: string }): Promise<{ results: DocumentItem[] }> => {
  const scope = await documentScope(db, actor, input.companyPk, input.side);
  const rows = await findDeletion(db, scope.home, input.deletion);
  if (rows.length === 0) throw new NotFoundError('There is nothing to restore: the deletion is unknown or was restored already.');
  requireChangeable(scope, rows);
  if (scope.clientView && rows.some((row) => row.accountantOnly)) throw new NotFoundError();
  const restored = await db.transaction(async (tx) => {
    const out = await putBack(tx, scope, rows);
    await auditDocuments(tx, scope, 'restore', rows, () => ({ deletion: input.deletion }));
    return out;
  });
  return { results: restored.map((row) => toDocumentItem(scope, row)) };
};
