import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  firmId: number | null;
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetPk?: number;
  details?: Record<string, unknown>;
}

/** Append-only record of who changed what; written inside the transaction of the change. */
export const writeAudit = (db: Db, entry: AuditEntry) =>
  db.insert(auditLog).values({
    firmId: entry.firmId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetPk: entry.targetPk ?? null,
    details: entry.details ?? {},
  });

/** Many entries in one insert: bulk actions write one audit row per object, in one round trip. */
export const writeAuditMany = (db: Db, entries: AuditEntry[]) =>
  entries.length === 0
    ? Promise.resolve()
    : db.insert(auditLog).values(
        entries.map((entry) => ({
          firmId: entry.firmId,
          actorUserId: entry.actorUserId,
          action: entry.action,
          targetType: entry.targetType ?? null,
          targetPk: entry.targetPk ?? null,
          details: entry.details ?? {},
        })),
      );
