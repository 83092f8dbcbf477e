import type { Database, ExecuteSql } from '../src/db/client.js';
import { resetTo, takeSnapshot, type DatabaseSnapshot } from './database-reset.js';

/**
 * How to reach one test database again and again: `open` gives a file its own handle (a PGlite
 * session shared, or a new connection pool), `admin` runs the reset once that handle is closed,
 * and `dispose` removes the database for good.
 */
export interface ReusableDatabase {
  open(): Database;
  admin: ExecuteSql;
  dispose(): Promise<void>;
}

/**
 * One test database per worker, lent to the worker's files one after the other and put back to the
 * template's state between them (test/database-reset.ts): copying and opening a fresh database per
 * file cost more CPU than the tests in it. `make` builds it the first time, and again after a
 * file changed its schema; a second database asked for while a file holds this one is the caller's
 * to make.
 */
export const reusedDatabase = (make: () => Promise<ReusableDatabase>) => {
  let held: { database: ReusableDatabase; snapshot: DatabaseSnapshot; lent: boolean } | null = null;

  const lend = (kept: NonNullable<typeof held>): Database => {
    kept.lent = true;
    const handle = kept.database.open();
    let returned = false;
    return {
      ...handle,
      close: async () => {
        if (returned) return;
        returned = true;
        await handle.close();
        if (await resetTo(kept.database.admin, kept.snapshot).catch(() => false)) {
          kept.lent = false;
          return;
        }
        held = null;
        await kept.database.dispose();
      },
    };
  };

  /** The worker's database in the template's state, or null while one of this worker's files holds it. */
  return async (): Promise<Database | null> => {
    if (held?.lent) return null;
    if (!held) {
      const database = await make();
      held = { database, snapshot: await takeSnapshot(database.admin), lent: false };
    }
    return lend(held);
  };
};
