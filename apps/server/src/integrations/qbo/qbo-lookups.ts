import { and, eq } from 'drizzle-orm';
import type { RefKind } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../db/schema/index.js';
import { isClientCategoryType } from '../../modules/refs/client-categories.js';
import type { MapContext } from './qbo-transaction-map.js';
import type { PublishContext } from './qbo-publish-map.js';

/**
 * A company's accounts and reference lists by QuickBooks id and by Herd pk,
 * read once per pull or publish instead of once per transaction.
 */
export interface Lookups extends PublishContext {
  accountPk(externalId: string | null): number | null;
  refPk(kind: RefKind, externalId: string | null): number | null;
  accountExternalId(pk: number | null): string | null;
  refExternalId(pk: number | null): string | null;
  /** Whether the account is one a categorization may name: active or not, an income or expense account (cost of goods sold included). */
  isCategoryAccount(externalId: string): boolean;
}

export const loadLookups = async (db: Db, companyPk: number): Promise<Lookups> => {
  const accounts = await db
    .select({ pk: ledgerAccounts.pk, externalId: ledgerAccounts.externalId, isWatched: ledgerAccounts.isWatched, accountType: ledgerAccounts.accountType })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientCompanyId, companyPk));
  const refs = await db
    .select({ pk: ledgerRefs.pk, kind: ledgerRefs.kind, externalId: ledgerRefs.externalId, active: ledgerRefs.active, raw: ledgerRefs.raw })
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk)));

  const accountByExternal = new Map(accounts.map((a) => [a.externalId, a.pk]));
  const accountByPk = new Map(accounts.map((a) => [a.pk, a.externalId]));
  const refByExternal = new Map(refs.map((r) => [`${r.kind}:${r.externalId}`, r.pk]));
  const refByPk = new Map(refs.map((r) => [r.pk, r.externalId]));
  const categoryAccounts = new Set(accounts.filter((a) => !a.isWatched && a.accountType.trim() !== '' && isClientCategoryType(a.accountType)).map((a) => a.externalId));
  const itemIncomeAccount = new Map<string, string>();
  const itemForIncomeAccount = new Map<string, string>();
  for (const r of refs) {
    if (r.kind !== 'ITEM') continue;
    const income = (r.raw as { IncomeAccountRef?: { value?: unknown } }).IncomeAccountRef?.value;
    if (income === undefined || income === null) continue;
    itemIncomeAccount.set(r.externalId, String(income));
    if (r.active && !itemForIncomeAccount.has(String(income))) itemForIncomeAccount.set(String(income), r.externalId);
  }
  const context: MapContext = { watched: new Set(accounts.filter((a) => a.isWatched).map((a) => a.externalId)), itemIncomeAccount };
  return {
    ...context,
    itemForIncomeAccount,
    accountPk: (externalId) => (externalId === null ? null : (accountByExternal.get(externalId) ?? null)),
    refPk: (kind, externalId) => (externalId === null ? null : (refByExternal.get(`${kind}:${externalId}`) ?? null)),
    accountExternalId: (pk) => (pk === null ? null : (accountByPk.get(pk) ?? null)),
    refExternalId: (pk) => (pk === null ? null : (refByPk.get(pk) ?? null)),
    isCategoryAccount: (externalId) => categoryAccounts.has(externalId),
  };
};
