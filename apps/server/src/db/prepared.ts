import { createHash } from 'node:crypto';

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs a query as a named prepared statement, named after its text. On
 * PostgreSQL each connection then parses and plans that text once and, after
 * a few runs, reuses a generic plan: planning a list page (its details are a
 * dozen subqueries) cost more than running it. Only for hot queries whose
 * text takes a bounded number of shapes (values go in parameters), since each
 * shape stays prepared on every connection. PGlite runs it as usual.
 */
export const runPrepared = <T>(query: Preparable<T>): Promise<T> =>
  query.prepare(`herd_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`).execute();
