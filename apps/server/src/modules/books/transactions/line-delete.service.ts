import { and, asc, eq } from 'drizzle-orm';
import { EDITABLE_STATUSES, centsOf, fromCents, type TransactionStatus } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { clientCompanies, transactionLines, transactions } from '../../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { updateTransactions } from './transactions.queries.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';

/** The transaction a line belongs to, looked for only among the actor's firm's companies. */
const transactionOfLine = async (db: Db, firmId: number, linePk: number) => {
  const [row] = await db
    .select({ transactionPk: transactionLines.transactionId })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.pk, transactionLines.transactionId))
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactions.clientCompanyId))
    .where(and(eq(clientCompanies.firmId, firmId), eq(transactionLines.pk, linePk)));
  return row?.transactionPk ?? null;
};

/** Whether this person may change the transaction's lines now: editable from their side, and for a client, shown to them and splittable. */
const assertLinesEditable = (scope: CompanyAccess, row: { status: TransactionStatus; isHidden: boolean }) => {
  if (!EDITABLE_STATUSES[scope.side].includes(row.status)) throw ValidationError.detail('This transaction can no longer be changed here.');
  // A hidden transaction is out of the client's lists: the accountant took it off their hands.
  if (scope.side === 'client' && row.isHidden) throw ValidationError.detail('This transaction can no longer be changed here.');
  if (scope.editable !== 'all' && !scope.editable.includes('split')) throw ValidationError.detail('This client may not split transactions.');
};

/**
 * Removes one line of a split. Its amount goes to the first remaining line
 * (the next one if that line would come to zero, since no line may be zero),
 * so the lines still add up to the transaction; the last line cannot go.
 * The transaction row is locked while its lines are read and written, so two
 * deletes at once cannot each see two lines and leave none.
 */
export const deleteLine = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { linePk }: { linePk: number }) => {
  if (actor.firmId === null) throw new NotFoundError();
  const transactionPk = await transactionOfLine(db, actor.firmId, linePk);
  if (transactionPk === null) throw new NotFoundError();
  const { access: scope, transaction } = await transactionAccess(db, actor, transactionPk);
  assertLinesEditable(scope, transaction);
  await db.transaction(async (t) => {
    const [locked] = await t
      .select({ status: transactions.status, isHidden: transactions.isHidden })
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, scope.company.pk), eq(transactions.pk, transaction.pk)))
      .for('update');
    if (!locked) throw new NotFoundError();
    assertLinesEditable(scope, locked);
    const lines = await t.select().from(transactionLines).where(eq(transactionLines.transactionId, transaction.pk)).orderBy(asc(transactionLines.position));
    const line = lines.find((l) => l.pk === linePk);
    if (!line) throw new NotFoundError();
    if (lines.length < 2) throw ValidationError.detail('A transaction keeps at least one line.');
    const heir = lines.find((l) => l.pk !== linePk && centsOf(l.amount) + centsOf(line.amount) !== 0);
    if (!heir) throw ValidationError.detail('Removing this line would leave a line of 0.00. Change the split instead.');
    await t.delete(transactionLines).where(and(eq(transactionLines.pk, linePk), eq(transactionLines.transactionId, transaction.pk)));
    await t
      .update(transactionLines)
      .set({ amount: fromCents(centsOf(heir.amount) + centsOf(line.amount)) })
      .where(and(eq(transactionLines.pk, heir.pk), eq(transactionLines.transactionId, transaction.pk)));
    await updateTransactions(t, scope.company.pk, [transaction.pk], {});
    await writeAudit(t, {
      firmId: scope.company.firmId,
      actorUserId: actor.userId,
      action: 'transaction.line_delete',
      targetType: 'transaction',
      targetPk: transaction.pk,
      details: { line: linePk, amount: line.amount, to_line: heir.pk },
    });
  });
};
