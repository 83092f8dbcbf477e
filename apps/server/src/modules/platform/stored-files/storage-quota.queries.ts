import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { files, firms } from '../../../db/schema/index.js';

/** Bytes of every file row the firm holds, whatever it belongs to. */
export const firmStorageUsed = async (db: Db, firmId: number): Promise<number> => {
  const [row] = await db
    .select({ used: sql<string | number>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.firmId, firmId));
  return Number(row?.used ?? 0);
};

/**
 * Holds the firm's row until the transaction ends, so two uploads of one firm check the quota one after the
 * other rather than both counting the room left before either wrote. `no key update` still lets rows that
 * refer to the firm be written meanwhile.
 */
export const lockFirmStorage = (db: Db, firmId: number) => db.execute(sql`select ${firms.pk} from ${firms} where ${firms.pk} = ${firmId} for no key update`);
