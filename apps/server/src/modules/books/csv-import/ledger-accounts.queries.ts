import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts } from '../../../db/schema/index.js';

/** The company's account with this external id, made on first use (concurrent imports agree on one row). */
export const ensureAccount = async (
  db: Db,
  companyPk: number,
  values: { externalId: string; name: string; accountType: string; isPaymentAccount?: boolean; isWatched?: boolean },
) => {
  await db
    .insert(ledgerAccounts)
    .values({ clientCompanyId: companyPk, ...values })
    .onConflictDoNothing({ target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId] });
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.externalId, values.externalId)));
  return row!;
};
