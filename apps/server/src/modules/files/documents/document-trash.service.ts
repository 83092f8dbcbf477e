import { DOCUMENT_TRASH_DAYS, type DocumentItem, type DocumentTrashList, type DocumentTrashQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { NotFoundError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { Actor } from '../../../kernel/actor.js';
import { auditDocuments } from './document-audit.queries.js';
import { toDocumentItem } from './document-items.view.js';
import { putBack } from './document-restore.service.js';
import { documentScope } from './document-scope.service.js';
import { countTrash, findTrashed, listTrash } from './document-trash.queries.js';

type Deps = Pick<AppDeps, 'db'>;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The firm's view of a company's trash: every item anyone deleted there (the client's people included)
 * and not yet removed for good, with who deleted it and when. The firm's side only: the client's people
 * have the undo of their own deletes.
 */
export const listDocumentTrash = async ({ db }: Deps, actor: Actor, input: { companyPk: number; url: string } & DocumentTrashQuery): Promise<DocumentTrashList> => {
  const scope = await documentScope(db, actor, input.companyPk, 'accountant');
  const { page, page_size: pageSize } = input;
  const rows = await listTrash(db, scope.home, { limit: pageSize, offset: (page - 1) * pageSize });
  const count = await countTrash(db, scope.home);
  return {
    count,
    next: pageLinks(input.url, page, pageSize, count).next,
    results: rows.map(({ row, deletedByName, deletedByEmail, deletedByFirm, wasIn }) => ({
      pk: row.pk,
      kind: row.kind,
      name: row.name,
      accountant_only: row.accountantOnly,
      size: row.size,
      content_type: row.contentType,
      was_in: row.parentId === null ? null : wasIn,
      deleted_at: row.deletedAt!.toISOString(),
      deleted_by: deletedByName ?? deletedByEmail,
      deleted_by_client: deletedByEmail !== null && !deletedByFirm,
      purge_at: new Date(row.deletedAt!.getTime() + DOCUMENT_TRASH_DAYS * DAY_MS).toISOString(),
    })),
  };
};

/** Puts items of the company's trash back, each with what it held, where it was or at the top level. Any pk not in this company's trash is 404. */
export const restoreFromTrash = async ({ db }: Deps, actor: Actor, input: { companyPk: number; pks: number[] }): Promise<{ results: DocumentItem[] }> => {
  const scope = await documentScope(db, actor, input.companyPk, 'accountant');
  const unique = [...new Set(input.pks)];
  const restored = await db.transaction(async (tx) => {
    const rows = await findTrashed(tx, scope.home, unique);
    if (rows.length !== unique.length) throw new NotFoundError('Not in the trash: it was restored already or removed for good.');
    const back = await putBack(tx, scope, rows);
    await auditDocuments(tx, scope, 'restore', rows, (row) => ({ deletion: row.deletionId, from_trash: true }));
    return back;
  });
  return { results: restored.map((row) => toDocumentItem(scope, row)) };
};
