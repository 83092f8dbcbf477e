import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The rows of a raw SQL statement, typed as the caller selected them. Both drivers answer
 * `db.execute` with `{ rows }`; `Db` is typed over either driver, so the query builder types the
 * answer as `unknown`, and the caller names the shape of the row its SQL selects.
 */
export const rowsOf = async <Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<Row[]> => ((await db.execute(query)) as { rows: Row[] }).rows;
