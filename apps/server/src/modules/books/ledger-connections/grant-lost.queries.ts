import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { LedgerNeedsReauthError } from '../ledger/ledger.face.js';
import { notifyLedgerNeedsReauth } from '../../messaging/notifications/notifications.face.js';

/**
 * The ledger refused the company's grant: say so on the company, where the clients list shows it,
 * and tell the firm, in one transaction. Only the moment the grant is lost is news: a company
 * already waiting to be reconnected is not announced again.
 */
export const recordGrantLost = (db: Db, companyPk: number, ledger: string) =>
  db.transaction(async (tx) => {
    const [lost] = await tx
      .update(clientCompanies)
      .set({ connectionState: 'NEEDS_REAUTH', updatedAt: new Date() })
      .where(and(eq(clientCompanies.pk, companyPk), ne(clientCompanies.connectionState, 'NEEDS_REAUTH')))
      .returning({ firmId: clientCompanies.firmId, pk: clientCompanies.pk });
    if (lost) await notifyLedgerNeedsReauth(tx, { firmId: lost.firmId, companyPk: lost.pk, ledger });
    await tx
      .update(ledgerConnections)
      .set({ syncState: 'FAILED', lastSyncError: `${ledger} refused the connection: reconnect the company.`, updatedAt: new Date() })
      .where(eq(ledgerConnections.clientCompanyId, companyPk));
  });

/**
 * Runs a call to a company's ledger; when the ledger has refused the grant, records that before
 * the error goes on to the caller (which stops: nothing more can be done until reconnected).
 */
export const withGrant = async <T>(db: Db, company: { pk: number }, ledger: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof LedgerNeedsReauthError) await recordGrantLost(db, company.pk, ledger);
    throw err;
  }
};
