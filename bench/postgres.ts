/** The PostgreSQL a bench run measures on: the one given, or a private cluster this run starts. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/** An empty database of that name on the server of `url` (dropped first if there), and its URL. */
export const freshDatabase = async (url: string, name: string, options: { template?: string } = {}) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(url, name);
};

/** The URL of another database on the same server. */
export const databaseUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * A private PostgreSQL for the run when none is given (BENCH_DATABASE_URL) and this machine allows
 * it, or null. The URL names the server's `postgres` database: each part makes its own beside it.
 */
let started: string | null = null;

export const postgresServerUrl = (): string | null => {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return given;
  if (started) return started;
  if (process.getuid?.() !== 0 || !existsSync(path.join(root, '.ci/start-postgres.sh'))) return null;
  const tcp = new URL(execFileSync('bash', [path.join(root, '.ci/start-postgres.sh')], { encoding: 'utf8' }).trim());
  const pgdata = readFileSync('/tmp/herd-ci-pgdata', 'utf8').trim();
  // Fast shutdown of the cluster this run started, whatever way the run ends.
  process.on('exit', () => {
    const postmaster = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (postmaster) process.kill(postmaster, 'SIGINT');
  });
  // A database on the same machine is reached through its Unix socket (the script's -k /tmp), as a
  // local deployment would: about a tenth more throughput than loopback TCP here.
  started = `postgres://${tcp.username}@localhost:${tcp.port}${tcp.pathname}?host=/tmp`;
  return started;
};
