import { and, asc, eq, ilike, inArray, like, not, sql, type SQL } from 'drizzle-orm';
import type { Direction, RefKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import { clientCategoryWhere, directionOrder, notNeverCategoryWhere } from './client-categories.queries.js';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface OptionFilter {
  search?: string | undefined;
  limit: number;
  includeInactive: boolean;
}

/** Name-prefix matches first, then other matches: what a person typing into a select expects. */
const searchOrder = (column: typeof ledgerRefs.name | typeof ledgerAccounts.name, search: string | undefined): SQL[] =>
  search
    ? [asc(sql`case when lower(${column}) like ${`${escapeLike(search.toLowerCase())}%`} then 0 else 1 end`), asc(sql`lower(${column})`)]
    : [asc(sql`lower(${column})`)];

export const findRefOptions = (db: Db, companyPk: number, kind: RefKind, filter: OptionFilter & { parentId?: number }) =>
  db
    .select({ pk: ledgerRefs.pk, name: ledgerRefs.name, active: ledgerRefs.active })
    .from(ledgerRefs)
    .where(
      and(
        eq(ledgerRefs.clientCompanyId, companyPk),
        eq(ledgerRefs.kind, kind),
        filter.parentId !== undefined ? eq(ledgerRefs.parentId, filter.parentId) : undefined,
        filter.includeInactive ? undefined : eq(ledgerRefs.active, true),
        filter.search ? ilike(ledgerRefs.name, `%${escapeLike(filter.search)}%`) : undefined,
      ),
    )
    .orderBy(...searchOrder(ledgerRefs.name, filter.search), asc(ledgerRefs.pk))
    .limit(filter.limit);

/** `client-categories`: the categories a client may choose (client-categories.queries.ts). */
export type AccountSet = 'categories' | 'client-categories' | 'herd' | 'payment' | 'all';

/**
 * One list of the company's accounts. The category lists leave out the accounts no line is filed
 * under by choice (receivable, payable, non-posting); given the transaction's `direction` they put
 * the accounts people pick for it first, before the order a search gives.
 */
/** `onlyPks`: the accounts a restricted client user may see (null: no limit). */
export const findAccountOptions = (db: Db, companyPk: number, set: AccountSet, filter: OptionFilter & { direction?: Direction | undefined; onlyPks?: number[] | null }) =>
  db
    .select({
      pk: ledgerAccounts.pk,
      name: ledgerAccounts.name,
      active: ledgerAccounts.active,
      account_type: ledgerAccounts.accountType,
      is_payment_account: ledgerAccounts.isPaymentAccount,
      is_watched: ledgerAccounts.isWatched,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.clientCompanyId, companyPk),
        set === 'categories' || set === 'client-categories'
          ? and(not(ledgerAccounts.isWatched), not(ledgerAccounts.isPaymentAccount), notNeverCategoryWhere())
          : undefined,
        set === 'client-categories' ? clientCategoryWhere() : undefined,
        set === 'herd' ? eq(ledgerAccounts.isWatched, true) : undefined,
        set === 'payment' ? eq(ledgerAccounts.isPaymentAccount, true) : undefined,
        filter.onlyPks ? inArray(ledgerAccounts.pk, filter.onlyPks) : undefined,
        filter.includeInactive ? undefined : eq(ledgerAccounts.active, true),
        filter.search ? ilike(ledgerAccounts.name, `%${escapeLike(filter.search)}%`) : undefined,
      ),
    )
    .orderBy(...(filter.direction ? [asc(directionOrder(filter.direction))] : []), ...searchOrder(ledgerAccounts.name, filter.search), asc(ledgerAccounts.pk))
    .limit(filter.limit);

export const findRefByName = async (db: Db, companyPk: number, kind: RefKind, name: string) => {
  const [row] = await db
    .select()
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, kind), sql`lower(${ledgerRefs.name}) = ${name.toLowerCase()}`));
  return row ?? null;
};

export const findAccountByName = async (db: Db, companyPk: number, name: string) => {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), sql`lower(${ledgerAccounts.name}) = ${name.toLowerCase()}`));
  return row ?? null;
};

export const findTrackingCategory = async (db: Db, companyPk: number, pk: number) => {
  const [row] = await db
    .select()
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), eq(ledgerRefs.pk, pk)));
  return row ?? null;
};

/**
 * The company's first two active tracking categories, in the order Herd first saw them (the
 * ledger's own): a line's tracking option one and two are options of these.
 */
export const findLineTrackingCategories = (db: Db, companyPk: number) =>
  db
    .select({ pk: ledgerRefs.pk, name: ledgerRefs.name })
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), eq(ledgerRefs.active, true)))
    .orderBy(asc(ledgerRefs.pk))
    .limit(2);

export const setWatchedAccounts = async (db: Db, companyPk: number, watched: number[]) => {
  await db
    .update(ledgerAccounts)
    .set({ isWatched: false, updatedAt: new Date() })
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.isWatched, true)));
  if (watched.length > 0) {
    await db
      .update(ledgerAccounts)
      .set({ isWatched: true, updatedAt: new Date() })
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), inArray(ledgerAccounts.pk, watched)));
  }
};

export const countCompanyAccounts = async (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? 0
    : (
        await db
          .select({ pk: ledgerAccounts.pk })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), inArray(ledgerAccounts.pk, pks)))
      ).length;

/** The company's vendors and customers, and its categories, still waiting under a pending id (pending-list-entries.service.ts). */
export const findPendingEntries = async (db: Db, companyPk: number, prefix: string) => ({
  refs: await db
    .select()
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), like(ledgerRefs.externalId, `${prefix}%`))),
  accounts: await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), like(ledgerAccounts.externalId, `${prefix}%`))),
});

export const setRefLedgerCopy = (db: Db, pk: number, values: { externalId?: string; raw: Record<string, unknown> }) =>
  db.update(ledgerRefs).set(values).where(eq(ledgerRefs.pk, pk));

export const setAccountLedgerCopy = (db: Db, pk: number, values: { externalId?: string; raw: Record<string, unknown> }) =>
  db.update(ledgerAccounts).set(values).where(eq(ledgerAccounts.pk, pk));
