import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies } from '../../../db/schema/index.js';
import { applyAskRules, askRulesOf } from './ask-rules.queries.js';

/**
 * The ledger's closed period as a pull (or the generic ledger's push) declared it, and when it was read. A closing
 * date that moved moves the waiting transactions with it when the firm keeps closed-period questions: newly closed
 * ones are kept from the client, reopened ones given back (docs/transactions.md, "Closed periods").
 */
export const saveBooksLock = (db: Db, companyPk: number, closedThrough: string | null, at: Date) =>
  db.transaction(async (tx) => {
    const before = await askRulesOf(tx, companyPk);
    await tx.update(clientCompanies).set({ booksClosedThrough: closedThrough, booksLockReadAt: at }).where(eq(clientCompanies.pk, companyPk));
    if (before.closedThrough !== closedThrough && before.rules.closed_period === 'KEEP') await applyAskRules(tx, companyPk, before.rules, closedThrough);
  });
