import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { TransactionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { transactions } from '../../../db/schema/index.js';
import { auditInsert, writeAuditMany } from '../../../kernel/audit.queries.js';
import { writeTogether, type UnsentWrite } from '../../../db/one-statement.js';
import { ConflictError } from '../../../lib/errors.js';
import { isRefusal } from '../../../lib/pg-errors.js';
import { canTransition } from '@herd/contract';
import { assertTransition } from './status.rule.js';

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
    | 'categorizedBy'
    | 'categorizedAt'
    | 'publishedBy'
    | 'publishedAt'
    | 'backMessage'
    | 'ledgerVersion'
    | 'raw'
    | 'answeredFromSuggestion'
    | 'correctionDate'
    | 'correctionExternalId'
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
 *
 * `alongside`: the caller's other writes of the same change that touch none of the rows moved (its lines,
 * its audit entries, a notice, other rows' marks), sent in the same statement as the first move
 * (`writeTogether`), or on their own when nothing moves. A person's moves that are one UPDATE (the same from, to and values: an
 * answer, a bulk "done") are then one statement, which refuses itself whole when a row moved meanwhile
 * (`herd_refuse_unless`): it needs no transaction around it, and a caller with nothing else to write
 * need not open one.
 */
export const moveStatuses = async <M extends StatusMove>(
  db: Db,
  author: StatusAuthor,
  action: string,
  moves: M[],
  forbidden: Forbidden = 'refuse',
  alongside: readonly (UnsentWrite | undefined)[] = [],
): Promise<M[]> => {
  const changing = moves.filter((m) => m.row.status !== m.to);
  if (forbidden === 'refuse') for (const m of changing) assertTransition(m.row.status, m.to);
  const allowed = changing.filter((m) => canTransition(m.row.status, m.to));
  if (allowed.length === 0) {
    await writeTogether(db, alongside);
    return [];
  }
  const auditOf = (done: M[]) =>
    done.map((m) => ({
      firmId: author.firmId,
      actorUserId: author.actorUserId,
      action,
      targetType: 'transaction',
      targetPk: m.row.pk,
      details: { from: m.row.status, to: m.to, ...m.details, ...(author.viewingAsClient ? { viewing_as_client: true } : {}) },
    }));
  const groups = [...groupMoves(allowed)];
  const run = async (tx: Db) => {
    const written = new Set<number>();
    // A person's moves are written all or none, so their audit entries go out with the first UPDATE;
    // a ledger's are written after, for the moves that were.
    let withFirst: readonly (UnsentWrite | undefined)[] = [forbidden === 'refuse' ? auditInsert(tx, auditOf(allowed)) : undefined, ...alongside];
    // Moves with the same from, to and values are one UPDATE: a bulk action is a statement, not one per row.
    for (const group of groups) {
      const update = tx
        .update(transactions)
        .set({ ...group.values, status: group.to, updatedAt: new Date() })
        .where(and(eq(transactions.clientCompanyId, author.companyPk), eq(transactions.status, group.from), inArray(transactions.pk, group.pks)))
        .returning({ pk: transactions.pk });
      // A person acted on what they saw; if someone else moved a row meanwhile, the statement undoes itself.
      const answer =
        forbidden === 'refuse'
          ? sql`select herd_refuse_unless((select count(*) from "w0") = ${new Set(group.pks).size}, ${CHANGED_MEANWHILE}) as whole`
          : sql`select pk from "w0"`;
      try {
        const rows = await writeTogether<{ pk: number }>(tx, [update, ...withFirst], answer);
        for (const pk of forbidden === 'refuse' ? group.pks : rows.map((r) => r.pk)) written.add(pk);
      } catch (err) {
        if (isRefusal(err)) throw new ConflictError(CHANGED_MEANWHILE);
        throw err;
      }
      withFirst = [];
    }
    const done = allowed.filter((m) => written.has(m.row.pk));
    if (forbidden === 'skip') await writeAuditMany(tx, auditOf(done));
    return done;
  };
  // Inside a caller's transaction the moves join it: a nested one is a savepoint, two more round trips on
  // every answer, and no caller catches an error part-way through its transaction to carry on. Outside one,
  // a person's moves in one statement need none; anything more is written in one.
  const inTransaction: boolean = db instanceof PgTransaction;
  return inTransaction || (forbidden === 'refuse' && groups.length === 1) ? run(db) : db.transaction(run);
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
