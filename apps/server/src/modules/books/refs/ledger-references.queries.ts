import { asc, eq } from 'drizzle-orm';
import type { RefKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import type { LedgerReferences } from '../ledger/ledger.face.js';
import { isClientCategoryType } from './client-categories.queries.js';

/**
 * A company's chart and lists both ways: by the ledger's ids (what an adapter maps with) and
 * between those ids and Herd's pks (what the modules write). Read once per pull page or publish
 * instead of once per transaction.
 */
export interface CompanyReferences {
  references: LedgerReferences;
  accountPk(externalId: string | null): number | null;
  refPk(kind: RefKind, externalId: string | null): number | null;
  accountExternalId(pk: number | null): string | null;
  refExternalId(pk: number | null): string | null;
}

export const loadCompanyReferences = async (db: Db, companyPk: number): Promise<CompanyReferences> => {
  const accounts = await db
    .select({
      pk: ledgerAccounts.pk,
      externalId: ledgerAccounts.externalId,
      isWatched: ledgerAccounts.isWatched,
      accountType: ledgerAccounts.accountType,
      raw: ledgerAccounts.raw,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientCompanyId, companyPk));
  const refs = await db
    .select({ pk: ledgerRefs.pk, kind: ledgerRefs.kind, externalId: ledgerRefs.externalId, active: ledgerRefs.active, raw: ledgerRefs.raw })
    .from(ledgerRefs)
    .where(eq(ledgerRefs.clientCompanyId, companyPk))
    // In the order Herd first saw them: a ledger's first tracking category stays its first.
    .orderBy(asc(ledgerRefs.pk));
  const accountByExternal = new Map(accounts.map((a) => [a.externalId, a.pk]));
  const accountByPk = new Map(accounts.map((a) => [a.pk, a.externalId]));
  const refByExternal = new Map(refs.map((r) => [`${r.kind}:${r.externalId}`, r.pk]));
  const refByPk = new Map(refs.map((r) => [r.pk, r.externalId]));
  return {
    references: {
      accounts: accounts.map((a) => ({
        externalId: a.externalId,
        accountType: a.accountType,
        watched: a.isWatched,
        // A categorization names an income or expense account of the chart, never a watched one.
        category: !a.isWatched && a.accountType.trim() !== '' && isClientCategoryType(a.accountType),
        raw: a.raw,
      })),
      refs: refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })),
    },
    accountPk: (externalId) => (externalId === null ? null : (accountByExternal.get(externalId) ?? null)),
    refPk: (kind, externalId) => (externalId === null ? null : (refByExternal.get(`${kind}:${externalId}`) ?? null)),
    accountExternalId: (pk) => (pk === null ? null : (accountByPk.get(pk) ?? null)),
    refExternalId: (pk) => (pk === null ? null : (refByPk.get(pk) ?? null)),
  };
};
