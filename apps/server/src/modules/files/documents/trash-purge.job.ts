import { DOCUMENT_TRASH_DAYS } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { deleteFilesAndTrash, findExpiredTrash } from './documents.queries.js';

/** How many deletions one run removes for good: a long backlog is worked off over several runs. */
const PURGE_BATCH = 200;

/**
 * Removes for good what has been in the trash longer than DOCUMENT_TRASH_DAYS: the deleted items, what
 * they held at any depth, their file rows and their stored bytes. The rows go first (one transaction per
 * batch); bytes whose row is gone are then deleted, so a crash in between leaves bytes unreferenced,
 * never a row without its bytes. Idempotent: a second run finds nothing.
 */
export const purgeDocumentTrash = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, now = new Date()) => {
  const before = new Date(now.getTime() - DOCUMENT_TRASH_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const roots = await findExpiredTrash(db, before, PURGE_BATCH);
    if (roots.length === 0) return removed;
    const keys = await db.transaction((tx) => deleteFilesAndTrash(tx, roots));
    for (const key of keys) await storage.delete(key).catch(() => undefined);
    removed += roots.length;
  }
};
