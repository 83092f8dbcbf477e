import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerRefs, transactionAttachments, transactions } from '../../db/schema/index.js';

/** Which of a company's transactions have at least one attachment. */
export const attachedTransactionPks = async (db: Db, companyPk: number, pks: number[]): Promise<Set<number>> => {
  if (pks.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ pk: transactionAttachments.transactionId })
    .from(transactionAttachments)
    .innerJoin(transactions, eq(transactions.pk, transactionAttachments.transactionId))
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactionAttachments.transactionId, pks)));
  return new Set(rows.map((r) => r.pk));
};

/** How many tracking categories the editor offers (it shows the first two active ones), so a tracking field it never shows is never required. */
export const activeTrackingCategoryCount = async (db: Db, companyPk: number): Promise<number> =>
  (
    await db
      .select({ pk: ledgerRefs.pk })
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), eq(ledgerRefs.active, true)))
      .limit(2)
  ).length;
