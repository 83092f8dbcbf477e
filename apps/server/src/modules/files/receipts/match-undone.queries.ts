import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { receiptMatches } from '../../../db/schema/index.js';
import { recordAutomation } from '../../books/transactions/transactions.face.js';
import type { ReceiptRow } from './receipts.queries.js';

/**
 * A person undid a match Herd made by itself (the receipt moved to another company): the receipt matcher was
 * overruled, for the automation report. A person's own match undone is nobody's automation.
 */
export const recordMatchUndone = async (tx: Db, row: ReceiptRow, by: 'accountant' | 'client') => {
  if (row.transactionId === null || row.clientCompanyId === null) return;
  const [match] = await tx
    .select({ decision: receiptMatches.decision })
    .from(receiptMatches)
    .where(and(eq(receiptMatches.receiptId, row.pk), eq(receiptMatches.transactionId, row.transactionId), eq(receiptMatches.state, 'ACCEPTED')));
  if (!match?.decision?.automatic) return;
  await recordAutomation(tx, [{ firmId: row.firmId, companyPk: row.clientCompanyId, transactionPk: row.transactionId, agent: 'RECEIPT_MATCHER', overruledBy: by }]);
};
