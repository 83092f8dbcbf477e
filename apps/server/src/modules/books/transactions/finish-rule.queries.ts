import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerRefs } from '../../../db/schema/index.js';

/** How many tracking categories the editor offers (it shows the first two active ones), so a tracking field it never shows is never required. */
export const activeTrackingCategoryCount = async (db: Db, companyPk: number): Promise<number> =>
  (
    await db
      .select({ pk: ledgerRefs.pk })
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'TRACKING_CATEGORY'), eq(ledgerRefs.active, true)))
      .limit(2)
  ).length;

/** Whether the company's ledger has at least one active class and location to choose: a field with nothing to choose is never required. */
export const hasActiveClassesAndLocations = async (db: Db, companyPk: number): Promise<{ classes: boolean; locations: boolean }> => {
  const rows = await db
    .selectDistinct({ kind: ledgerRefs.kind })
    .from(ledgerRefs)
    .where(and(eq(ledgerRefs.clientCompanyId, companyPk), inArray(ledgerRefs.kind, ['CLASS', 'LOCATION']), eq(ledgerRefs.active, true)));
  const kinds = new Set(rows.map((row) => row.kind));
  return { classes: kinds.has('CLASS'), locations: kinds.has('LOCATION') };
};
