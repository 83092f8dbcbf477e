import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A write built and not yet sent (a Drizzle insert, update or delete, unawaited). */
export interface UnsentWrite {
  getSQL(): SQL;
}

/**
 * Writes sent to the database as one statement, each a data-modifying `WITH` of it: one round trip
 * where each write would cost one (an answer's time went to round trips more than to SQL). Only for
 * writes that need nothing another of them writes: every part sees the database as it was before the
 * statement, and no two parts may change the same row. Each part's statement triggers run when the
 * statement ends, seeing all of it. One statement is whole or not at all, in a transaction or not.
 *
 * `answer`: the statement's own query, whose rows are returned as the driver gives them; it may read
 * the `returning` rows of the first write as "w0" (the first must then be there and have one).
 * `undefined` writes (nothing to write) are left out.
 */
export const writeTogether = async <Row = Record<string, unknown>>(db: Db, writes: readonly (UnsentWrite | undefined)[], answer: SQL = sql`select 1`): Promise<Row[]> => {
  const parts = writes.filter((w): w is UnsentWrite => w !== undefined);
  if (parts.length === 0) return [];
  const withs = parts.map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w.getSQL()})`);
  return ((await db.execute(sql`with ${sql.join(withs, sql`, `)} ${answer}`)) as unknown as { rows: Row[] }).rows;
};
