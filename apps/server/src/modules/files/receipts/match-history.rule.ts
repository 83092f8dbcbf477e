import type { AuditEntry } from '../../../kernel/audit.queries.js';
import type { ReceiptRow } from './receipts.queries.js';

/** What a match writes about itself on each side: the receipt's own entry and the transaction's. */
interface MatchAudit {
  row: ReceiptRow;
  transactionPk: number;
  score: number | null;
  actorUserId: number | null;
  automatic: boolean;
}

/**
 * A match is recorded twice: on the receipt (`receipt.match`, its own history) and on the
 * transaction it explains (`transaction.receipt_match`), so the transaction's history, read by its
 * own target like every other entry of it, says that a receipt was matched, which one, by whom or
 * by Herd, and when. The receipt's vendor is kept as it was then: the entry still reads the same
 * after the receipt is edited, moved or hidden.
 */
export const matchAuditEntries = (matches: MatchAudit[]): AuditEntry[] =>
  matches.flatMap(({ row, transactionPk, score, actorUserId, automatic }) => [
    {
      firmId: row.firmId,
      actorUserId,
      action: 'receipt.match',
      targetType: 'receipt',
      targetPk: row.pk,
      details: { transaction: transactionPk, automatic, score },
    },
    {
      firmId: row.firmId,
      actorUserId,
      action: 'transaction.receipt_match',
      targetType: 'transaction',
      targetPk: transactionPk,
      details: { receipt: row.pk, receipt_vendor: row.vendor ?? '', automatic, score },
    },
  ]);
