/**
 * Notes the SQL statements a piece of work sends, in the bench's own process: every node-postgres
 * query is noted while a watch is open. Round trips, not SQL, are most of a list request's cost here
 * (BENCHMARKS.md), so the count per request is a figure to keep; and the statements themselves, with
 * their values, are what the bare floor replays (bench/bare-server.ts).
 */
import pg from 'pg';

/** A statement as node-postgres was given it: prepared ones carry their name. */
export interface NotedStatement {
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: 'array';
}

let open: NotedStatement[] | null = null;
let watching = false;

/**
 * node-postgres takes the values in the config or as the second argument, beside a text or a config
 * alike; the ORM sends a config (name, text, row mode) with its values beside it.
 */
export const notedStatement = (first: unknown, second: unknown): NotedStatement => {
  const config: NotedStatement = typeof first === 'string' ? { text: first } : (first as NotedStatement);
  const values = config.values ?? (Array.isArray(second) ? second : undefined);
  return {
    text: config.text,
    ...(config.name ? { name: config.name } : {}),
    ...(values ? { values } : {}),
    ...(config.rowMode ? { rowMode: config.rowMode } : {}),
  };
};

/** Starts noting (once per process; PostgreSQL only): nothing is kept until a watch opens. */
export const watchStatements = () => {
  if (watching) return;
  watching = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (open) open.push(notedStatement(args[0], args[1]));
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
};

/** The statements sent while `fn` ran, in order, whole (text, values, name). */
export const queriesOf = async (fn: () => Promise<unknown>): Promise<NotedStatement[]> => {
  watchStatements();
  open = [];
  try {
    await fn();
    return open;
  } finally {
    open = null;
  }
};

/** The statements sent while `fn` ran, in order (prepared ones by name). */
export const statementsOf = async (fn: () => Promise<unknown>) => (await queriesOf(fn)).map((s) => s.name ?? s.text);
