import { aliasedTable, and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerAccounts, ledgerRefs, suggestionRules, users } from '../../../db/schema/index.js';

export type RuleRow = typeof suggestionRules.$inferSelect;

const vendor = aliasedTable(ledgerRefs, 'rule_vendor');
const account = aliasedTable(ledgerAccounts, 'rule_account');

/** The rules that apply to a company: its own and the firm's, oldest first. */
export const rulesForCompany = (db: Db, firmId: number, companyPk: number, onlyEnabled = false) =>
  db
    .select({
      rule: suggestionRules,
      categoryName: account.name,
      categoryType: account.accountType,
      vendorName: vendor.name,
      createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(suggestionRules)
    .leftJoin(account, eq(account.pk, suggestionRules.categoryId))
    .leftJoin(vendor, eq(vendor.pk, suggestionRules.vendorId))
    .leftJoin(users, eq(users.pk, suggestionRules.createdBy))
    .where(
      and(
        eq(suggestionRules.firmId, firmId),
        or(isNull(suggestionRules.clientCompanyId), eq(suggestionRules.clientCompanyId, companyPk)),
        onlyEnabled ? eq(suggestionRules.enabled, true) : undefined,
      ),
    )
    .orderBy(suggestionRules.pk);

export type RuleWithNames = Awaited<ReturnType<typeof rulesForCompany>>[number];

export const findRule = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(suggestionRules)
    .where(and(eq(suggestionRules.firmId, firmId), eq(suggestionRules.pk, pk)));
  return row ?? null;
};

export const insertRule = async (db: Db, values: typeof suggestionRules.$inferInsert) => {
  const [row] = await db.insert(suggestionRules).values(values).returning();
  return row!;
};

export const updateRule = (
  db: Db,
  firmId: number,
  pk: number,
  values: Partial<Pick<RuleRow, 'enabled' | 'autoAnswer' | 'autoPublish' | 'pausedReason' | 'countedFrom'>>,
) =>
  db
    .update(suggestionRules)
    .set(values)
    .where(and(eq(suggestionRules.firmId, firmId), eq(suggestionRules.pk, pk)));

export const deleteRule = (db: Db, firmId: number, pk: number) => db.delete(suggestionRules).where(and(eq(suggestionRules.firmId, firmId), eq(suggestionRules.pk, pk)));

/** Counts answers given by rules, or corrections of them, per rule of the firm. */
export const countRuleUses = async (db: Db, firmId: number, uses: Map<number, number>, column: 'timesApplied' | 'timesOverridden') => {
  for (const [pk, n] of uses) {
    await db
      .update(suggestionRules)
      .set({ [column]: sql`${suggestionRules[column]} + ${n}` })
      .where(and(eq(suggestionRules.firmId, firmId), inArray(suggestionRules.pk, [pk])));
  }
};

export const firmCompanyPks = async (db: Db, firmId: number) =>
  (await db.select({ pk: clientCompanies.pk }).from(clientCompanies).where(eq(clientCompanies.firmId, firmId)).orderBy(clientCompanies.pk)).map((r) => r.pk);
