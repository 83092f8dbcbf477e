/**
 * The benchmark's server process: a fresh database (PGlite or PostgreSQL),
 * migrated and seeded, behind the real app. It reports its port and data to
 * the runner, and on request times the raw SQL of each scenario (the floor).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { loadConfig } from '../apps/server/src/config.js';
import { fromPglite, fromPostgresUrl } from '../apps/server/src/db/client.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { outboxTransport } from '../apps/server/src/mail/transports.js';
import { measureFloors } from './floor.js';
import { seedBench } from './seed.js';

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herd-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? fromPostgresUrl(url) : fromPglite(await PGlite.create(path.join(dataDir, 'pgdata')));
  await database.migrate();
  const scale = Number(process.env.BENCH_SCALE || 1);
  const seedStart = performance.now();
  const data = await seedBench(database.db, {
    smallCompanies: Math.round(1000 * scale),
    perSmall: 200,
    big: Math.round(100_000 * scale),
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '' }), webDistDir: null };
  const jobs = await createJobQueue(database.executeSql, () => {});
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    mailer: (a) => createMailer(database.db, outboxTransport(a.log, { secretLinks: false }), a.log, { links: { appUrl: config.appUrl, secretKey: config.secretKey } }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send!({ type: 'ready', port, data, seedSeconds, database: database.kind });
  process.on('message', (msg: { type: string; accountantId?: number }) => {
    if (msg.type === 'floor') {
      void measureFloors(database.db, data.bigCompanyPk).then((floors) => process.send!({ type: 'floors', floors }));
    }
    if (msg.type === 'stop')
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
