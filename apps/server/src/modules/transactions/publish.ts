import type { Db } from '../../db/client.js';
import { syncErrors } from '../../db/schema/index.js';
import { ConflictError, LedgerError } from '../../lib/errors.js';
import { adapterFor } from '../../integrations/registry.js';
import { writeAudit } from '../audit/audit.queries.js';
import { assertWritable } from '../auth/actor.js';
import { assertTransition } from './status.js';
import { loadLines, updateTransactions } from './transactions.queries.js';
import { findScoped, type TxScope } from './transactions.scope.js';

/**
 * The accountant's publish: each categorized transaction goes to the ledger
 * through its adapter and ends PUBLISHED_IN_PLATFORM, MATCHED_TO_PLATFORM or,
 * when the ledger refuses, SYNC_ERROR with the ledger's message.
 */
export const publishTransactions = async (db: Db, scope: TxScope, pks: number[]) => {
  assertWritable(scope.actor);
  const rows = await findScoped(db, scope, pks);
  for (const row of rows) {
    if (row.status !== 'FINISHED_IN_HERD') {
      throw new ConflictError(
        row.status === 'SYNC_ERROR'
          ? 'Clear the sync errors of this transaction before publishing it again.'
          : 'Only categorized transactions can be published.',
      );
    }
    assertTransition(row.status, 'PROCESSING');
  }
  const adapter = adapterFor(scope.company.connectionKind);
  const allLines = await loadLines(db, pks);
  const outcomes = { published: 0, matched: 0, rejected: 0 };
  for (const row of rows) {
    const lines = allLines.filter((l) => l.transactionId === row.pk);
    let outcome;
    try {
      outcome = await adapter.publish(db, scope.company, row, lines);
    } catch (err) {
      if (!(err instanceof LedgerError)) throw err;
      outcome = { kind: 'rejected' as const, code: 'LEDGER', message: err.message };
    }
    await db.transaction(async (tx) => {
      if (outcome.kind === 'rejected') {
        await tx.insert(syncErrors).values({ transactionId: row.pk, code: outcome.code, message: outcome.message });
        await updateTransactions(tx, [row.pk], { status: 'SYNC_ERROR' });
      } else {
        await updateTransactions(tx, [row.pk], {
          status: outcome.kind === 'published' ? 'PUBLISHED_IN_PLATFORM' : 'MATCHED_TO_PLATFORM',
          publishedBy: scope.actor.userId,
          publishedAt: new Date(),
          ...(outcome.kind === 'published' && outcome.ledgerVersion ? { ledgerVersion: outcome.ledgerVersion } : {}),
        });
      }
      await writeAudit(tx, {
        firmId: scope.company.firmId,
        actorUserId: scope.actor.userId,
        action: 'transaction.publish',
        targetType: 'transaction',
        targetPk: row.pk,
        details: { from: row.status, outcome: outcome.kind },
      });
    });
    outcomes[outcome.kind] += 1;
  }
  return outcomes;
};
