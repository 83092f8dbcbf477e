import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { outboxTransport } from '../apps/server/src/mail/transports.js';

/**
 * Herd as a benchmark runs it, on a database already migrated: the app with `env` over the process's
 * environment (silent, no web app), its mail kept in the outbox, and its job queue, which the bench
 * drains or works itself (`supervise` off: no maintenance timers in a measurement).
 */
export const startBenchApp = async (database: Database, env: NodeJS.ProcessEnv, options: { onJobError?: (err: unknown) => void; supervise?: boolean } = {}) => {
  const jobs = await createJobQueue(database.executeSql, options.onJobError ?? (() => {}), { supervise: options.supervise ?? false });
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST_DIR: '', ...env }), webDistDir: null };
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    mailer: (a) => createMailer(database.db, outboxTransport(a.log, { secretLinks: false }), a.log, { links: { appUrl: config.appUrl, secretKey: config.secretKey } }),
    logger: false,
  });
  return { app, jobs, config };
};
