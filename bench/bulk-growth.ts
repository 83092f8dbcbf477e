/**
 * Growing a table by millions of rows the way a restore does: the indexes that back no constraint are
 * dropped first and built again once the rows are in, each in one pass with room to sort. Inserting
 * ten million rows through a dozen live indexes took over an hour; building each index afterwards is
 * a sort. The schema ends exactly as it began (each index is re-created from its own definition),
 * and the tables' triggers run as they always do, so the counts they keep stay true; a table whose
 * index a trigger reads by (the lines, by transaction) keeps its indexes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';

/** Memory for one index build's sort (the machine has far more; PostgreSQL's default is 64 MB). */
const SORT_MEMORY = '1GB';

interface IndexDefinition {
  name: string;
  definition: string;
}

/** The indexes of these tables that no primary key, unique or exclusion constraint owns. */
const freeIndexesOf = async (db: Db, tables: string[]) =>
  (
    (await db.execute(sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid::regclass::text = any(string_to_array(${tables.join(',')}, ','))
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)) as { rows: IndexDefinition[] }
  ).rows;

/** Runs `grow` with the tables' free indexes dropped, then builds each of them again, even when `grow` failed. */
export const withIndexesBuiltAfter = async <T>(db: Db, tables: string[], grow: () => Promise<T>): Promise<T> => {
  const indexes = await freeIndexesOf(db, tables);
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  try {
    return await grow();
  } finally {
    for (const index of indexes) {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${SORT_MEMORY}'`));
        await tx.execute(sql.raw(index.definition));
      });
    }
  }
};
