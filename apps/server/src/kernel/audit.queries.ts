import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';

export interface AuditEntry {
  firmId: number | null;
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetPk?: number;
  details?: Record<string, unknown>;
}

/** An entry as the audit log's row. */
const auditRow = (entry: AuditEntry) => ({
  firmId: entry.firmId,
  actorUserId: entry.actorUserId,
  action: entry.action,
  targetType: entry.targetType ?? null,
  targetPk: entry.targetPk ?? null,
  details: entry.details ?? {},
});

/** Append-only record of who changed what; written inside the transaction of the change. */
export const writeAudit = (db: Db, entry: AuditEntry) => db.insert(auditLog).values(auditRow(entry));

/** Many entries in one insert: bulk actions write one audit row per object, in one round trip. */
export const writeAuditMany = (db: Db, entries: AuditEntry[]) => auditInsert(db, entries) ?? Promise.resolve();

/** The insert of `writeAuditMany`, unsent (to go out with other writes of the change, `writeTogether`); undefined when there is nothing to write. */
export const auditInsert = (db: Db, entries: AuditEntry[]) => (entries.length === 0 ? undefined : db.insert(auditLog).values(entries.map(auditRow)));

/**
 * The newest `limit` entries about one object of the firm, with the name and
 * kind of account of who acted (null for the ledger or a job), newest first.
 * Only the given actions; `audit_log_target_idx` finds them without reading
 * the rest of the firm's log.
 */
export const listTargetAudit = (db: Db, firmId: number, target: { type: string; pk: number }, actions: readonly string[], limit: number) =>
  db
    .select({
      pk: auditLog.pk,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorPk: users.pk,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      accountType: users.accountType,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.pk, auditLog.actorUserId))
    .where(and(eq(auditLog.firmId, firmId), eq(auditLog.targetType, target.type), eq(auditLog.targetPk, target.pk), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.pk))
    .limit(limit);
