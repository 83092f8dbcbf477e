import type { TransactionChange, TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { writeAuditMany, type AuditEntry } from '../audit/audit.queries.js';
import { assertWritable } from '../auth/actor.js';
import { insertNotes } from '../notes/notes.queries.js';
import { FieldErrors, checkFinishable, resolveLines, throwIfAny, type NewLine } from './lines.js';
import { serialize } from './transactions.read.js';
import { clearSyncErrors, deleteLines, insertLines, loadLines, updateTransactions, type TransactionRow } from './transactions.queries.js';
import { findScoped, type TxScope } from './transactions.scope.js';
import { assertTransition } from './status.js';

/** Which statuses each side may edit in. */
const EDITABLE_IN: Record<TxScope['side'], readonly TransactionStatus[]> = {
  client: ['READY', 'FINISHED_IN_HERD'],
  accountant: ['READY', 'FINISHED_IN_HERD', 'SYNC_ERROR'],
};

const auditEntry = (scope: TxScope, action: string, pk: number, details: Record<string, unknown>): AuditEntry => ({
  firmId: scope.company.firmId,
  actorUserId: scope.actor.userId,
  action,
  targetType: 'transaction',
  targetPk: pk,
  details: { ...details, ...(scope.viewingAsClient ? { viewing_as_client: true } : {}) },
});

/**
 * The categorization write: new lines, memo and/or "done", for one or many
 * transactions at once. Everything is checked first; then all of it is
 * written in one database transaction, or none of it.
 */
export const applyChanges = async (db: Db, scope: TxScope, changes: TransactionChange[]) => {
  assertWritable(scope.actor);
  const rows = await findScoped(db, scope, changes.map((c) => c.pk));
  const currentLines = await loadLines(db, rows.map((r) => r.pk));
  const plans: { row: TransactionRow; change: TransactionChange; lines: NewLine[] | null; next: TransactionStatus }[] = [];
  const allErrors: FieldErrors[] = [];
  for (const [i, change] of changes.entries()) {
    const row = rows[i]!;
    const errors = new FieldErrors(`transactions.${i}.`);
    allErrors.push(errors);
    if (!EDITABLE_IN[scope.side].includes(row.status)) {
      errors.add('status', `This transaction can no longer be changed here (it is ${row.status}).`);
      continue;
    }
    const stored = currentLines.filter((l) => l.transactionId === row.pk);
    const lines = change.lines ? await resolveLines(db, row, change.lines, stored, errors, scope.editable) : null;
    const next: TransactionStatus = change.finished ? 'FINISHED_IN_HERD' : row.status;
    if (change.finished) checkFinishable(lines ?? stored, errors);
    if (change.client_memo !== undefined && scope.side === 'client' && !includesMemo(scope)) {
      errors.add('client_memo', 'Memo cannot be changed by the client for this company.');
    }
    plans.push({ row, change, lines, next });
  }
  throwIfAny(allErrors);

  for (const { row, next } of plans) assertTransition(row.status, next);
  const withLines = plans.filter((p) => p.lines);
  // Transactions that get the same new values are updated together: a bulk "done" is one UPDATE.
  const groups = new Map<string, { values: Parameters<typeof updateTransactions>[2]; pks: number[] }>();
  for (const { row, change, next } of plans) {
    const finishing = next !== row.status;
    const values: Parameters<typeof updateTransactions>[2] = {
      ...(change.client_memo !== undefined ? { clientMemo: change.client_memo } : {}),
      ...(finishing ? { status: next, categorizedBy: scope.actor.userId, backMessage: '' } : {}),
    };
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { values, pks: [] as number[] };
    group.pks.push(row.pk);
    groups.set(key, group);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    if (withLines.length > 0) {
      await deleteLines(tx, withLines.map((p) => p.row.pk));
      await insertLines(tx, withLines.flatMap((p) => p.lines!.map((l, position) => ({ ...l, transactionId: p.row.pk, position }))));
    }
    for (const { values, pks } of groups.values()) {
      await updateTransactions(tx, pks, 'status' in values ? { ...values, categorizedAt: now } : values);
    }
    await writeAuditMany(
      tx,
      plans.map(({ row, lines, next }) => auditEntry(scope, next !== row.status ? 'transaction.categorize' : 'transaction.update', row.pk, { from: row.status, to: next, lines: lines?.length })),
    );
  });
  return serialize(db, await findScoped(db, scope, changes.map((c) => c.pk)));
};

const includesMemo = (scope: TxScope) => scope.editable === 'all' || scope.editable.includes('memo');

/** Moves transactions to a status (each checked against the table), recording who and why. */
const moveAll = async (
  db: Db,
  scope: TxScope,
  pks: number[],
  to: TransactionStatus,
  action: string,
  extra: Partial<Parameters<typeof updateTransactions>[2]> = {},
  alsoInTransaction?: (tx: Db, rows: TransactionRow[]) => Promise<unknown>,
) => {
  assertWritable(scope.actor);
  const rows = await findScoped(db, scope, pks);
  for (const row of rows) assertTransition(row.status, to);
  await db.transaction(async (tx) => {
    await updateTransactions(tx, pks, { status: to, ...extra });
    await writeAuditMany(tx, rows.map((row) => auditEntry(scope, action, row.pk, { from: row.status, to })));
    if (alsoInTransaction) await alsoInTransaction(tx, rows);
  });
  return rows;
};

export const setHidden = async (db: Db, scope: TxScope, pks: number[], hidden: boolean) => {
  assertWritable(scope.actor);
  const rows = await findScoped(db, scope, pks);
  await db.transaction(async (tx) => {
    await updateTransactions(tx, pks, { isHidden: hidden });
    await writeAuditMany(tx, rows.map((row) => auditEntry(scope, hidden ? 'transaction.hide' : 'transaction.unhide', row.pk, {})));
  });
};

/** Sends transactions back to the client, with the accountant's message as a note in each thread. */
export const sendBack = async (db: Db, scope: TxScope, pks: number[], message: string | undefined) => {
  await moveAll(db, scope, pks, 'READY', 'transaction.back', { backMessage: message ?? '' }, async (tx, rows) => {
    if (!message) return;
    await insertNotes(
      tx,
      rows.map((row) => ({
        firmId: scope.company.firmId,
        clientCompanyId: scope.company.pk,
        targetType: 'TRANSACTION' as const,
        targetPk: row.pk,
        authorId: scope.actor.userId,
        senderKind: 'ACCOUNTANT' as const,
        body: message,
      })),
    );
  });
};

export { moveAll };

/** Clears open sync errors; a transaction blocked by them goes back to waiting for publication. */
export const clearErrors = async (db: Db, scope: TxScope, pks: number[]) => {
  assertWritable(scope.actor);
  const rows = await findScoped(db, scope, pks);
  await db.transaction(async (tx) => {
    await clearSyncErrors(tx, pks);
    const blocked = rows.filter((r) => r.status === 'SYNC_ERROR').map((r) => r.pk);
    if (blocked.length) await updateTransactions(tx, blocked, { status: 'FINISHED_IN_HERD' });
    await writeAuditMany(tx, rows.map((row) => auditEntry(scope, 'transaction.errors_clear', row.pk, { from: row.status })));
  });
};
