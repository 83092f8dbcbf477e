import type { Db } from '../../../db/client.js';
import type { DocumentScope } from './document-scope.service.js';
import { freeName } from './document-names.service.js';
import { findChain, updateDocument, untrashDocument, type DocumentRow } from './documents.queries.js';

/**
 * Takes items out of the trash, with what they held: each goes back where it was if that folder is still
 * there, else to the top level, renamed "name (2)" if its name was taken meanwhile. Runs in the caller's
 * transaction, which writes the audit entry.
 */
export const putBack = async (tx: Db, scope: DocumentScope, rows: DocumentRow[]): Promise<DocumentRow[]> => {
  const out: DocumentRow[] = [];
  for (const row of rows) {
    const parentLive = row.parentId === null || (await findChain(tx, scope.home, row.parentId)).length > 0;
    const parentId = parentLive ? row.parentId : null;
    const name = await freeName(tx, scope.home, parentId, row.name, row.kind === 'FILE');
    const back = await untrashDocument(tx, scope.home, row.pk, name);
    out.push(parentId === row.parentId ? back : (await updateDocument(tx, scope.home, row.pk, { parentId }))!);
  }
  return out;
};
