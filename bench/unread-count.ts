/**
 * `npm run bench -- --only=unread-count`: the bell's count, asked every half minute by every open tab. One
 * firm holds 100,000 notifications (`BENCH_NOTIFICATIONS`) over its 50 staff; the measured admin holds a fifth
 * of them (a busy year), 8,000 unread. On PostgreSQL behind the real API (`--role=api` in its own process),
 * 10 concurrent clients ask `notifications/unread-count/` again and again for `BENCH_DURATION_MS`
 * (bench/load.ts). Beside it, the count's SQL alone (the floor) and its plan, to show which index it reads.
 * Target: p95 under 20 ms.
 */
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { insertFirm, insertFirmMember, insertSubscription, insertUser } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { startApi } from './api-process.js';
import { signInAs } from './sign-in.js';
import { percentile, runLoad, type LoadResult } from './load.js';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS || 100_000);
const STAFF = 50;
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
/** Asked this long first, not counted: the figures are the steady state, as for the communications lists. */
const WARMUP_MS = 5_000;
const PASSWORD = 'bench-password-1';
const EMAIL = 'bell-admin@example.com';

export interface UnreadCountResult {
  notifications: number;
  measuredUser: { notifications: number; unread: number };
  seedSeconds: number;
  load: LoadResult;
  floor: { p50: number; p95: number };
  plan: string;
  loadAverage: { before: number; after: number };
}

/** The count the endpoint runs (`countUnread`), as SQL: the person's unread, uncleared rows in their firm. */
const COUNT_SQL = 'select count(*) from notifications where firm_id = $1 and user_id = $2 and hidden_at is null and read_at is null';

/**
 * One firm, its staff, and the notifications: every fifth one the measured admin's (two in five of those
 * unread, some cleared), the rest spread over the other staff, newest a minute apart.
 */
const seed = async (url: string) => {
  const database = fromPostgresUrl(url);
  await database.migrate();
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const firm = await insertFirm(db, { companyName: 'Bell Bench Firm' });
  await insertSubscription(db, { firmId: firm.pk, status: 'PAID' });
  const admin = await insertUser(db, { email: EMAIL, passwordHash, accountType: 'ACCOUNTANT', firstName: 'Bench' });
  await insertFirmMember(db, { firmId: firm.pk, userId: admin.pk, role: 'FIRM_ADMIN' });
  const staff = [admin.pk];
  for (let i = 1; i < STAFF; i++) {
    const user = await insertUser(db, { email: `bell-staff-${i}@example.com`, accountType: 'ACCOUNTANT_COWORKER', firstName: `Staff ${i}` });
    await insertFirmMember(db, { firmId: firm.pk, userId: user.pk, role: 'TEAM_MEMBER' });
    staff.push(user.pk);
  }
  const others = `{${staff.slice(1).join(',')}}`;
  await db.execute(sql`insert into notifications (firm_id, user_id, kind, target_type, target_pk, title, read_at, hidden_at, created_at)
    select ${firm.pk}, case when g % 5 = 0 then ${admin.pk} else (${others}::int[])[1 + g % ${STAFF - 1}] end,
      (array['TRANSACTIONS_ANSWERED','NOTE','REQUEST_ANSWERED','RECEIPT_ARRIVED','REQUEST_OVERDUE'])[1 + (g / 5) % 5]::notification_kind,
      'CLIENT_COMPANY', 1 + g % 100, 'Client ' || (g % 100) || ' answered ' || (1 + g % 9) || ' transactions',
      case when (g / 5) % 5 < 2 then null else timestamptz '2026-11-01' end,
      case when (g / 5) % 25 = 24 then timestamptz '2026-11-02' else null end,
      timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, ${NOTIFICATIONS}) g`);
  // What autovacuum does on a live database: statistics, and the visibility map an index-only scan relies on.
  await db.execute(sql`vacuum analyze notifications`);
  const mineOf = await db.execute(
    sql`select count(*)::int as n, count(*) filter (where read_at is null and hidden_at is null)::int as unread from notifications where user_id = ${admin.pk}`,
  );
  const [mine] = (mineOf as { rows: { n: number; unread: number }[] }).rows;
  await database.close();
  return { firmId: firm.pk, userId: admin.pk, measuredUser: { notifications: mine!.n, unread: mine!.unread } };
};

/** The count's SQL alone, prepared as the server's driver sends it, and its plan. */
const floorAndPlan = async (url: string, firmId: number, userId: number) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plan = (
      await client.query(`explain (analyze, costs off, timing off, summary off) ${COUNT_SQL.replace('$1', String(firmId)).replace('$2', String(userId))}`)
    ).rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join('\n');
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      await client.query({ name: 'unread-count', text: COUNT_SQL, values: [firmId, userId] });
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    return { floor: { p50: percentile(samples, 50), p95: percentile(samples, 95) }, plan };
  } finally {
    await client.end();
  }
};

export const runUnreadCountBench = async (url: string): Promise<UnreadCountResult> => {
  const seedStart = performance.now();
  const data = await seed(url);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const port = 3280 + Math.floor(Math.random() * 10);
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi(url, port);
  try {
    const { cookie } = await signInAs(base, EMAIL, PASSWORD);
    const loadBefore = os.loadavg()[0]!;
    process.stderr.write('unread count: 10 clients…\n');
    const load = await runLoad(
      { url: `${base}/api/v1/notifications/unread-count/`, headers: { cookie } },
      { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS },
    );
    const { floor, plan } = await floorAndPlan(url, data.firmId, data.userId);
    return {
      notifications: NOTIFICATIONS,
      measuredUser: data.measuredUser,
      seedSeconds,
      load,
      floor,
      plan,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    api.kill('SIGTERM');
  }
};

export const renderUnreadCountReport = (r: UnreadCountResult) =>
  [
    '<!-- unread-count:start -->',
    `## The bell's unread count: ${r.notifications.toLocaleString('en-US')} notifications in one firm, ${CONNECTIONS} concurrent clients (PostgreSQL)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=unread-count\` (bench/unread-count.ts) on ${os.cpus().length} cores,`,
    `load average ${r.loadAverage.before.toFixed(2)} before and ${r.loadAverage.after.toFixed(2)} after; the API alone (\`--role=api\`) on PostgreSQL (seeded in ${r.seedSeconds.toFixed(1)} s).`,
    `The measured admin holds ${r.measuredUser.notifications.toLocaleString('en-US')} of them, ${r.measuredUser.unread.toLocaleString('en-US')} unread; ${CONNECTIONS} clients ask for ${DURATION_MS / 1000} s after ${WARMUP_MS / 1000} s of the same not counted. Target: p95 under 20 ms.`,
    '',
    '| endpoint | requests | errors | req/s | p50 ms | p95 ms | p99 ms | SQL floor p50 ms | SQL floor p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| \`notifications/unread-count/\` | ${r.load.requests} | ${r.load.errors} | ${r.load.rps.toFixed(0)} | ${r.load.p50.toFixed(1)} | ${r.load.p95.toFixed(1)} | ${r.load.p99.toFixed(1)} | ${r.floor.p50.toFixed(2)} | ${r.floor.p95.toFixed(2)} |`,
    '',
    'The count’s plan (EXPLAIN ANALYZE):',
    '',
    '```',
    r.plan,
    '```',
    '<!-- unread-count:end -->',
    '',
  ].join('\n');
