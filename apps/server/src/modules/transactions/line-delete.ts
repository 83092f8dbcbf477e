import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactionLines, transactions } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import type { Actor } from '../auth/actor.js';
import { isFirmActor } from '../auth/permissions.js';
import { EDITABLE_STATUSES, centsOf, fromCents } from '@herd/contract';
import { updateTransactions } from './transactions.queries.js';
import { findScoped } from './transactions.scope.js';
import { companyAccess } from '../access/company-access.js';

/**
 * Removes one line of a split. Its amount goes back to the first remaining
 * line, so the lines still add up to the transaction; the last line cannot go.
 */
export const deleteLine = async (db: Db, actor: Actor, linePk: number) => {
  const [line] = await db
    .select({ line: transactionLines, companyPk: transactions.clientCompanyId })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.pk, transactionLines.transactionId))
    .where(eq(transactionLines.pk, linePk));
  if (!line) throw new NotFoundError();
  const scope = await companyAccess(db, actor, line.companyPk, isFirmActor(actor) ? 'accountant' : 'client');
  const [tx] = await findScoped(db, scope, [line.line.transactionId]);
  if (!EDITABLE_STATUSES[scope.side].includes(tx!.status)) {
    throw ValidationError.detail('This transaction can no longer be changed here.');
  }
  if (scope.editable !== 'all' && !scope.editable.includes('split')) throw ValidationError.detail('This client may not split transactions.');
  const lines = await db.select().from(transactionLines).where(eq(transactionLines.transactionId, tx!.pk)).orderBy(asc(transactionLines.position));
  if (lines.length < 2) throw ValidationError.detail('A transaction keeps at least one line.');
  const heir = lines.find((l) => l.pk !== linePk)!;
  await db.transaction(async (t) => {
    await t.delete(transactionLines).where(and(eq(transactionLines.pk, linePk), eq(transactionLines.transactionId, tx!.pk)));
    await t
      .update(transactionLines)
      .set({ amount: fromCents(centsOf(heir.amount) + centsOf(line.line.amount)) })
      .where(and(eq(transactionLines.pk, heir.pk), eq(transactionLines.transactionId, tx!.pk)));
    await updateTransactions(t, scope.company.pk, [tx!.pk], {});
    await writeAudit(t, {
      firmId: scope.company.firmId,
      actorUserId: actor.userId,
      action: 'transaction.line_delete',
      targetType: 'transaction',
      targetPk: tx!.pk,
      details: { line: linePk, amount: line.line.amount },
    });
  });
};
