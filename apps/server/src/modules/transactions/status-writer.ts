import { and, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { writeAuditMany } from '../audit/audit.queries.js';
import { ConflictError } from '../../lib/errors.js';
import { assertTransition, canTransition } from './status.js';

const CHANGED_MEANWHILE = 'This transaction was changed by someone else meanwhile. Reload it and try again.';

/** Who moves the rows: the firm and company they belong to, and the person (null for the ledger or a job). */
export interface StatusAuthor {
  firmId: number;
  companyPk: number;
  actorUserId: number | null;
  viewingAsClient?: boolean;
}

/** Columns that change together with a status (who categorized or published, the accountant's message, the ledger's copy). */
export type StatusSideValues = Partial<
  Pick<
    typeof transactions.$inferInsert,
    'categorizedBy' | 'categorizedAt' | 'publishedBy' | 'publishedAt' | 'backMessage' | 'ledgerVersion' | 'raw' | 'answeredFromSuggestion'
  >
>;

export interface StatusMove {
  row: { pk: number; status: TransactionStatus };
  to: TransactionStatus;
  /** Set in the same statement as the status. */
  values?: StatusSideValues;
  /** Added to the audit entry beside `from` and `to`. */
  details?: Record<string, unknown>;
}

/**
 * What to do with a move the transition table forbids: a person's request is
 * refused (409); what a ledger reports is left out, because the row's state in
 * Herd (say, published) outranks an older view of it.
 */
export type Forbidden = 'refuse' | 'skip';

/**
 * The one place a transaction's status changes. Each move is checked against
 * the transition table, written only if the row still has the status it was
 * read with (a concurrent change wins and this move is dropped), scoped by
 * the company, and recorded in the audit log in the same database
 * transaction. A move to the status the row already has is not a change and
 * is ignored. Returns the moves that were written; a refused move, or one
 * overtaken by another change, refuses them all when a person asked.
 */
export const moveStatuses = async <M extends StatusMove>(db: Db, author: StatusAuthor, action: string, moves: M[], forbidden: Forbidden = 'refuse'): Promise<M[]> => {
  const changing = moves.filter((m) => m.row.status !== m.to);
  if (forbidden === 'refuse') for (const m of changing) assertTransition(m.row.status, m.to);
  const allowed = changing.filter((m) => canTransition(m.row.status, m.to));
  if (allowed.length === 0) return [];
  const run = async (tx: Db) => {
    const written = new Set<number>();
    // Moves with the same from, to and values are one UPDATE: a bulk action is a statement, not one per row.
    for (const group of groupMoves(allowed)) {
      const rows = await tx
        .update(transactions)
        .set({ ...group.values, status: group.to, updatedAt: new Date() })
        .where(and(eq(transactions.clientCompanyId, author.companyPk), eq(transactions.status, group.from), inArray(transactions.pk, group.pks)))
        .returning({ pk: transactions.pk });
      for (const r of rows) written.add(r.pk);
    }
    const done = allowed.filter((m) => written.has(m.row.pk));
    // A person acted on what they saw; if someone else moved a row meanwhile, none of it is written.
    if (forbidden === 'refuse' && done.length < allowed.length) throw new ConflictError(CHANGED_MEANWHILE);
    await writeAuditMany(
      tx,
      done.map((m) => ({
        firmId: author.firmId,
        actorUserId: author.actorUserId,
        action,
        targetType: 'transaction',
        targetPk: m.row.pk,
        details: { from: m.row.status, to: m.to, ...m.details, ...(author.viewingAsClient ? { viewing_as_client: true } : {}) },
      })),
    );
    return done;
  };
  // Inside a caller's transaction the moves join it: a nested one is a savepoint, two more round trips on
  // every answer, and no caller catches an error part-way through its transaction to carry on.
  const inTransaction: boolean = db instanceof PgTransaction;
  return inTransaction ? run(db) : db.transaction(run);
};

const groupMoves = (moves: readonly StatusMove[]) => {
  const groups = new Map<string, { from: TransactionStatus; to: TransactionStatus; values: StatusSideValues; pks: number[] }>();
  for (const m of moves) {
    const values = m.values ?? {};
    const key = JSON.stringify([m.row.status, m.to, values]);
    const group = groups.get(key) ?? { from: m.row.status, to: m.to, values, pks: [] };
    group.pks.push(m.row.pk);
    groups.set(key, group);
  }
  return groups.values();
};
