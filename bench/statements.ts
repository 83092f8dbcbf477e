/**
 * Counts the SQL statements a request sends, in the bench's server process: every
 * node-postgres query is noted while a count is open. Round trips, not SQL, are most of
 * a list request's cost here (BENCHMARKS.md), so the count per request is a figure to keep.
 */
import pg from 'pg';

let open: string[] | null = null;

/** Notes each statement's text while `measure` runs (once per process; PostgreSQL only). */
export const watchStatements = () => {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    if (open) open.push(typeof first === 'string' ? first : (first.name ?? first.text ?? '?'));
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
};

/** The statements sent while `fn` ran, in order (prepared ones by name). */
export const statementsOf = async (fn: () => Promise<unknown>) => {
  open = [];
  try {
    await fn();
    return open;
  } finally {
    open = null;
  }
};
