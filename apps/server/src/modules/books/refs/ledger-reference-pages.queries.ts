import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import { cleanLedgerAccount, cleanLedgerRef } from '../ledger/ledger.face.js';
import type { LedgerAccountRecord, LedgerRefRecord } from '../ledger/ledger.face.js';
import { isWatchedByDefault } from '../ledger/ledger.face.js';

/**
 * Upserts one page of a ledger's chart and lists by external id. Renames and deactivations come
 * through; whether an account is watched is decided only the first time Herd sees it, after that
 * it is the accountant's choice. Names and copies are cleaned first (ledger/ledger-hygiene.rule.ts).
 */
export const upsertReferencePage = async (db: Db, companyPk: number, sent: { accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[] }) => {
  const page = { accounts: sent.accounts.map(cleanLedgerAccount), refs: sent.refs.map(cleanLedgerRef) };
  if (page.accounts.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(page.accounts.map((a) => ({ ...a, clientCompanyId: companyPk, isWatched: isWatchedByDefault(a.name, a.accountSubtype) })))
      .onConflictDoUpdate({
        target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId],
        set: {
          name: sql`excluded.name`,
          accountType: sql`excluded.account_type`,
          accountSubtype: sql`excluded.account_subtype`,
          isPaymentAccount: sql`excluded.is_payment_account`,
          active: sql`excluded.active`,
          parentExternalId: sql`excluded.parent_external_id`,
          raw: sql`excluded.raw`,
          updatedAt: new Date(),
        },
      });
  }
  // Categories before their options, so an option finds its category's row.
  await upsertRefs(
    db,
    companyPk,
    page.refs.filter((r) => !r.parentExternalId),
    new Map(),
  );
  const children = page.refs.filter((r) => r.parentExternalId);
  if (children.length > 0) await upsertRefs(db, companyPk, children, await parentPks(db, companyPk, children));
};

/** The rows of the categories these options belong to, by the ledger's id. */
const parentPks = async (db: Db, companyPk: number, children: LedgerRefRecord[]) => {
  const ids = [...new Set(children.map((r) => r.parentExternalId!))];
  const rows = await db
    .select({ pk: ledgerRefs.pk, externalId: ledgerRefs.externalId })
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), inArray(ledgerRefs.externalId, ids)));
  return new Map(rows.map((r) => [r.externalId, r.pk]));
};

/** An option whose category Herd does not hold is left out: the ledger sends the category with its options. */
const upsertRefs = async (db: Db, companyPk: number, refs: LedgerRefRecord[], parents: Map<string, number>) => {
  const rows = refs
    .map((r) => ({
      clientCompanyId: companyPk,
      kind: r.kind,
      externalId: r.externalId,
      name: r.name,
      active: r.active,
      raw: r.raw,
      parentId: r.parentExternalId ? parents.get(r.parentExternalId) : null,
    }))
    .filter((r) => r.parentId !== undefined);
  if (rows.length === 0) return;
  await db
    .insert(ledgerRefs)
    .values(rows)
    .onConflictDoUpdate({
      target: [ledgerRefs.clientCompanyId, ledgerRefs.kind, ledgerRefs.externalId],
      set: { name: sql`excluded.name`, active: sql`excluded.active`, raw: sql`excluded.raw`, parentId: sql`excluded.parent_id`, updatedAt: new Date() },
    });
};
