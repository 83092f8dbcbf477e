/**
 * The Karbon part of `npm run bench`: 1,000 client companies each finish transactions, so Herd owes
 * the firm's Karbon 1,000 timeline notes; the sweep sends them against the Karbon simulator, which
 * keeps Karbon's 120 requests a minute. Measured: the wall time until the last is sent, the notes
 * Karbon holds (each client once: no duplicates), the busiest rolling minute of Herd's requests, and
 * the requests Karbon refused with 429.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startKarbonSimulator } from '@herd/simulators';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { karbonEvents, karbonInstances, karbonMappings } from '../apps/server/src/db/schema/index.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { KARBON_PER_MINUTE, sweepKarbonEvents } from '../apps/server/src/modules/firm/practice-management/karbon-delivery.job.js';
import { DEFAULT_KARBON_SETTINGS } from '../apps/server/src/modules/firm/practice-management/karbon.settings.js';
import { notifyTransactionsAnswered } from '../apps/server/src/modules/messaging/notifications/events.service.js';
import { startBenchApp } from './bench-app.js';

const CLIENTS = 1_000;
/** How often the bench sweeps; the app's clock sweeps each minute, which sends the same requests in coarser steps. */
const SWEEP_EVERY_MS = 1_000;

export interface KarbonBenchResult {
  date: Date;
  cpus: number;
  loadAverage: { before: number; after: number };
  database: string;
  events: number;
  seconds: number;
  notes: number;
  clientsWithOneNote: number;
  duplicates: number;
  requests: number;
  refused429: number;
  busiestMinute: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most requests any 60 s window held. */
const busiestMinute = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= 60_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
};

export const runKarbonBench = async (databaseUrl: string): Promise<KarbonBenchResult> => {
  const loadBefore = os.loadavg()[0]!;
  const sim = await startKarbonSimulator({ tenants: [{ name: 'Bench practice', seed: { organizations: CLIENTS, contacts: 0, users: 3 } }] });
  const tenant = sim.tenants()[0]!;
  const database = fromPostgresUrl(databaseUrl);
  await database.migrate();
  const { app, jobs, config } = await startBenchApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'herd-bench-karbon-')), KARBON_BASE_URL: sim.url });
  const { db } = app.deps;
  try {
    const firm = await insertFirm(db, { companyName: 'Bench firm' });
    const box = createSecretBox(config.secretKey);
    await db.insert(karbonInstances).values({
      firmId: firm.pk,
      applicationIdEnc: box.seal(tenant.applicationId),
      accessKeyEnc: box.seal(tenant.accessKey),
      tenantKey: tenant.tenantKey,
      webhookToken: randomBytes(24).toString('base64url'),
      signingKeyEnc: box.seal(randomBytes(24).toString('base64url')),
      settings: DEFAULT_KARBON_SETTINGS,
      users: sim.users(tenant.tenantKey).map((u) => ({ id: String(u.Id), name: String(u.Name), email: String(u.EmailAddress) })),
    });
    const organizations = sim.organizations(tenant.tenantKey);
    const companies: number[] = [];
    for (const [i, organization] of organizations.entries()) {
      const company = await insertCompany(db, { firmId: firm.pk, name: `Client ${i + 1}`, connectionKind: 'CSV' });
      await db
        .insert(karbonMappings)
        .values({ firmId: firm.pk, clientCompanyId: company.pk, karbonKey: String(organization.OrganizationKey), karbonType: 'Organization' });
      companies.push(company.pk);
    }
    // Each client finishes its transactions: the event is owed in the transaction that records it, as in the app.
    for (const companyPk of companies) await db.transaction((tx) => notifyTransactionsAnswered(tx, { firmId: firm.pk, companyPk, count: 3 }));
    const events = await db.$count(karbonEvents, eq(karbonEvents.firmId, firm.pk));

    const from = sim.requests.length;
    const started = performance.now();
    for (;;) {
      await sweepKarbonEvents(app.deps);
      if ((await db.$count(karbonEvents, eq(karbonEvents.state, 'PENDING'))) === 0) break;
      await sleep(SWEEP_EVERY_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    const calls = sim.requests.slice(from);
    const notes = sim.notes(tenant.tenantKey).filter((note) => String(note.Subject).startsWith('Herd:'));
    const perClient = new Map<string, number>();
    for (const note of notes)
      for (const timeline of note.Timelines as { EntityKey: string }[]) perClient.set(timeline.EntityKey, (perClient.get(timeline.EntityKey) ?? 0) + 1);
    const settings = await database.executeSql("select current_setting('server_version') as version, current_setting('fsync') as fsync");
    return {
      date: new Date(),
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
      database: `PostgreSQL ${String(settings.rows[0]!.version).split(' ')[0]}, fsync ${String(settings.rows[0]!.fsync)}`,
      events,
      seconds,
      notes: notes.length,
      clientsWithOneNote: [...perClient.values()].filter((n) => n === 1).length,
      duplicates: [...perClient.values()].reduce((n, count) => n + Math.max(0, count - 1), 0),
      requests: calls.length,
      refused429: calls.filter((c) => c.status === 429).length,
      busiestMinute: busiestMinute(calls.map((c) => c.at)),
    };
  } finally {
    await jobs.stop();
    await app.close();
    await database.close();
    await sim.close();
  }
};

const count = (n: number) => n.toLocaleString('en-US');

export const renderKarbonReport = (r: KarbonBenchResult): string =>
  [
    '<!-- karbon:start -->',
    '## Karbon events (against the simulator)',
    '',
    `Measured ${r.date.toISOString().slice(0, 10)} by \`npm run bench -- --only=karbon\` (bench/karbon.ts) on ${r.cpus} cores (load average ${r.loadAverage.before.toFixed(2)} before, ${r.loadAverage.after.toFixed(2)} after), on ${r.database}. ${count(CLIENTS)} client companies, each linked to a Karbon organization, finish transactions; each finish owes the firm's Karbon a timeline note, recorded in the transaction that saved it. The sweep (every ${SWEEP_EVERY_MS / 1000} s here; each minute in the app) sends them against the Karbon simulator, which keeps Karbon's 120 requests a minute per account; Herd keeps to ${KARBON_PER_MINUTE} a minute, counted in the database.`,
    '',
    '| events owed | wall time until the last is sent | notes in Karbon | clients with exactly one | duplicates | requests | refused with 429 | busiest rolling minute |',
    '|---|---|---|---|---|---|---|---|',
    `| ${count(r.events)} | ${r.seconds.toFixed(0)} s (${(r.seconds / 60).toFixed(1)} min; at ${KARBON_PER_MINUTE} a rolling minute the last can go no earlier than ${Math.floor((r.events - 1) / KARBON_PER_MINUTE) * 60} s) | ${count(r.notes)} | ${count(r.clientsWithOneNote)} | ${r.duplicates} | ${count(r.requests)} | ${r.refused429} | ${r.busiestMinute} |`,
    '<!-- karbon:end -->',
    '',
  ].join('\n');
