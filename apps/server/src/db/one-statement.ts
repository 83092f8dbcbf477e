import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A write built and not yet sent (a Drizzle insert, update or delete, unawaited). */
export interface UnsentWrite {
  getSQL(): SQL;
}

const dialect = new PgDialect();

/**
 * Statements of up to this many values are prepared on their connection, by a name made from their
 * text: the same kind of write (an answer of one transaction: its status, one line, its audit entry)
 * is then planned once per connection, not on every request (its plan took a third of its time). The
 * bound keeps the kinds few: a bulk write of many rows, each size a text of its own, is planned as it comes.
 */
const PREPARED_UP_TO_VALUES = 60;

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
  const query = dialect.sqlToQuery(sql`with ${sql.join(withs, sql`, `)} ${answer}`);
  const name = query.params.length <= PREPARED_UP_TO_VALUES ? `herd_w_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}` : undefined;
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
};
