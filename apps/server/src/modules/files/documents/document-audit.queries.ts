import type { Db } from '../../../db/client.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import type { DocumentScope } from './document-scope.service.js';

/** One audit entry per document changed, in the change's transaction: `document.<verb>` by the actor, with what each entry records. */
export const auditDocuments = <T extends { pk: number }>(tx: Db, scope: DocumentScope, action: string, rows: T[], details: (row: T) => Record<string, unknown>) =>
  writeAuditMany(
    tx,
    rows.map((row) => ({
      firmId: scope.home.firmId,
      actorUserId: scope.access.actor.userId,
      action: `document.${action}`,
      targetType: 'document',
      targetPk: row.pk,
      details: details(row),
    })),
  );
