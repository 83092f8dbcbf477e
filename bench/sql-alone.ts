/**
 * The SQL alone: a list's noted statements sent straight to PostgreSQL from this process by as many
 * workers as the HTTP load has clients, each on a pooled connection, one list after another, for the
 * same time. No HTTP, no JSON: the floor the bare route stands on.
 */
import pg from 'pg';
import { loadResultOf, type LoadResult } from './load.js';
import type { NotedStatement } from './statements.js';

export const runSqlAlone = async (url: string, statements: NotedStatement[], opts: { connections: number; durationMs: number }): Promise<LoadResult> => {
  const pool = new pg.Pool({ connectionString: url, max: opts.connections });
  try {
    const latencies: number[] = [];
    let errors = 0;
    const worker = async (end: number, record: boolean) => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const start = performance.now();
          try {
            for (const statement of statements) await client.query(statement);
          } catch {
            errors += 1;
          }
          if (record) latencies.push(performance.now() - start);
        }
      } finally {
        client.release();
      }
    };
    // A second unrecorded, so each connection has prepared its statements before the clock starts.
    const warmEnd = performance.now() + 1_000;
    await Promise.all(Array.from({ length: opts.connections }, () => worker(warmEnd, false)));
    const started = performance.now();
    const end = started + opts.durationMs;
    await Promise.all(Array.from({ length: opts.connections }, () => worker(end, true)));
    return loadResultOf(latencies, errors, (performance.now() - started) / 1000);
  } finally {
    await pool.end();
  }
};
