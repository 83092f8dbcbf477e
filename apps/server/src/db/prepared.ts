import type { Db } from './client.js';

/**
 * A hot query prepared once per database handle, its values bound through
 * `sql.placeholder(...)`. Its SQL is built once, not on every request, and on
 * PostgreSQL each connection parses and plans it once, then reuses a generic
 * plan: for these queries (a list page's details are a dozen subqueries)
 * planning cost more than running. Only for queries whose best plan does not
 * depend on the values (lookups by key), and with a name of their own. PGlite
 * runs them as usual.
 */
export const preparedPerDb = <S>(prepare: (db: Db) => S) => {
  const statements = new WeakMap<Db, S>();
  return (db: Db): S => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
};

/**
 * A list of enum names or integers as a PostgreSQL array literal (`{a,b}`), to
 * bind to a `$n::type[]` placeholder. Drivers serialize JS arrays themselves
 * only for types they know; PGlite sent an enum array as `a,b`.
 */
export const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
