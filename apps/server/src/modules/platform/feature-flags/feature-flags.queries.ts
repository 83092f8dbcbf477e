import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmFeatureFlags, firms } from '../../../db/schema/index.js';

/** One firm's own settings (flags set on or off for it), by the firm: the firm is the tenant. */
export const findFirmFlagSettings = (db: Db, firmId: number) =>
  db.select({ flag: firmFeatureFlags.flag, enabled: firmFeatureFlags.enabled }).from(firmFeatureFlags).where(eq(firmFeatureFlags.firmId, firmId));

/** Sets one flag on or off for the given firms, replacing what they had. */
export const saveFirmFlagSetting = async (db: Db, firmIds: number[], flag: string, enabled: boolean) => {
  if (firmIds.length === 0) return;
  await db
    .insert(firmFeatureFlags)
    .values(firmIds.map((firmId) => ({ firmId, flag, enabled })))
    .onConflictDoUpdate({ target: [firmFeatureFlags.firmId, firmFeatureFlags.flag], set: { enabled, updatedAt: sql`now()` } });
};

// The operator's command speaks for the whole deployment, so these two read across firms on purpose.

/** Every firm (or the one asked for), oldest first, with its own flag settings. */
export const listFirmsWithFlagSettings = async (db: Db, firmId: number | null) => {
  const rows = await db
    .select({ pk: firms.pk, companyName: firms.companyName })
    .from(firms)
    .where(firmId === null ? undefined : eq(firms.pk, firmId))
    .orderBy(asc(firms.pk));
  const settings = rows.length
    ? await db
        .select()
        .from(firmFeatureFlags)
        .where(
          inArray(
            firmFeatureFlags.firmId,
            rows.map((r) => r.pk),
          ),
        )
    : [];
  return rows.map((firm) => ({ ...firm, settings: settings.filter((s) => s.firmId === firm.pk) }));
};
