import { and, eq } from 'drizzle-orm';
import { receiptMatches } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { serialize } from '../../books/transactions/transactions.face.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';
import { receiptAccess } from './receipt-scope.service.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * `receipt/{receiptPk}/transaction_details/`: the transaction the receipt was
 * matched to, as its editor shows it (lines, attachments, notes count), so the
 * receipt's split lines are edited where the transaction's are (a line is
 * removed with `transaction-line/{pk}/delete/`). None until it is matched, or
 * when the person may not see that transaction (a restricted client user).
 */
export const receiptTransactionDetails = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { receiptPk }: { receiptPk: number }) => {
  const { receipt } = await receiptAccess(db, actor, receiptPk);
  const none = { receipt: receipt.pk, transaction: null, match: null };
  if (receipt.transactionId === null) return none;
  try {
    const { access, transaction } = await transactionAccess(db, actor, receipt.transactionId);
    const [serialized] = await serialize(db, access, [transaction]);
    if (!serialized) return none;
    // The pairing's own row (the receipt is the firm's, checked above): why Herd matched them, in words.
    const [scored] = await db
      .select({ score: receiptMatches.score, parts: receiptMatches.parts })
      .from(receiptMatches)
      .where(and(eq(receiptMatches.receiptId, receipt.pk), eq(receiptMatches.transactionId, transaction.pk), eq(receiptMatches.state, 'ACCEPTED')));
    return { receipt: receipt.pk, transaction: serialized, match: scored && scored.parts.length > 0 ? scored : null };
  } catch (err) {
    if (err instanceof NotFoundError) return none;
    throw err;
  }
};
