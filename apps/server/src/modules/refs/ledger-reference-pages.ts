import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../db/schema/index.js';
import type { LedgerAccountRecord, LedgerRefRecord } from '../ledger/ledger-records.js';
import { isWatchedByDefault } from '../ledger/watched-accounts.js';

/**
 * Upserts one page of a ledger's chart and lists by external id. Renames and deactivations come
 * through; whether an account is watched is decided only the first time Herd sees it, after that
 * it is the accountant's choice.
 */
export const upsertReferencePage = async (db: Db, companyPk: number, page: { accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[] }) => {
  if (page.accounts.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(page.accounts.map((a) => ({ ...a, clientCompanyId: companyPk, isWatched: isWatchedByDefault(a.name) })))
      .onConflictDoUpdate({
        target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId],
        set: {
          name: sql`excluded.name`,
          accountType: sql`excluded.account_type`,
          accountSubtype: sql`excluded.account_subtype`,
          isPaymentAccount: sql`excluded.is_payment_account`,
          active: sql`excluded.active`,
          raw: sql`excluded.raw`,
          updatedAt: new Date(),
        },
      });
  }
  if (page.refs.length > 0) {
    await db
      .insert(ledgerRefs)
      .values(page.refs.map((r) => ({ ...r, clientCompanyId: companyPk })))
      .onConflictDoUpdate({
        target: [ledgerRefs.clientCompanyId, ledgerRefs.kind, ledgerRefs.externalId],
        set: { name: sql`excluded.name`, active: sql`excluded.active`, raw: sql`excluded.raw`, updatedAt: new Date() },
      });
  }
};
