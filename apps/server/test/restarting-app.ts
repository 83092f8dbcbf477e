import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { jobHandlers } from '../src/jobs/handlers.js';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.js';
import { createMailer } from '../src/mail/mailer.js';
import { TestClient } from './client.js';
import { freePort } from './free-port.js';
import { drainUntilIdle, openTestDatabase, recordingTransport, testConfig } from './harness.js';

/** Herd listening on a port of its own, with a database and a DATA_DIR that outlive it, restarted as `npm start` is. */
export interface RestartingApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  /** A browser of this app (after a restart, of the new one) coming from its own address. */
  client(): TestClient;
  /** The same browser, cookies and all, after a restart. */
  carry(client: TestClient): TestClient;
  /** Runs the ledger jobs waiting (pulls, publishes, webhooks) until none is left. */
  runLedgerJobs(): Promise<number>;
  /** Closes the app as a shutdown does and starts another on the same database, DATA_DIR and port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * For the few tests about what survives a restart: the built-in sandboxes answer on the server's
 * own port (Herd reaches them over HTTP), so the app listens, and each start is a new app on the
 * same database and DATA_DIR. The port is taken again by the next start.
 */
export const startRestartingApp = async (overrides: Partial<Config> = {}, block = 200): Promise<RestartingApp> => {
  const database = await openTestDatabase();
  const config = testConfig({ port: await freePort(), ...overrides });
  const start = async (): Promise<{ app: FastifyInstance; jobs: JobQueue }> => {
    const jobs = await createJobQueue(database.executeSql, () => {}, { supervise: false });
    const app = await buildApp({
      config,
      db: database.db,
      jobs,
      qbo: { retryBaseMs: 5 },
      xero: { retryBaseMs: 5 },
      mailer: (a) => createMailer(database.db, recordingTransport(), a.log, { keepLinks: false, links: { appUrl: config.appUrl, secretKey: config.secretKey } }),
      logger: false,
    });
    await app.listen({ port: config.port, host: '127.0.0.1' });
    return { app, jobs };
  };
  const stop = async ({ app, jobs }: { app: FastifyInstance; jobs: JobQueue }) => {
    await jobs.stop();
    // fetch keeps its connections open for reuse; a listening server waits for them otherwise.
    app.server.closeAllConnections();
    await app.close();
  };
  let running = await start();
  let clients = 0;
  return {
    get app() {
      return running.app;
    },
    db: database.db,
    config,
    client: () => {
      clients += 1;
      return new TestClient(running.app, `10.${block}.${Math.floor(clients / 250)}.${(clients % 250) + 1}`);
    },
    carry: (client) => {
      const again = new TestClient(running.app, client.ip);
      for (const [name, value] of client.cookies) again.cookies.set(name, value);
      return again;
    },
    runLedgerJobs: () => drainUntilIdle(running.jobs, jobHandlers(running.app.deps), ['ledger-webhook', 'ledger-pull', 'ledger-push', 'ledger-push-failed']),
    restart: async () => {
      await stop(running);
      running = await start();
    },
    close: async () => {
      await stop(running);
      await database.close();
    },
  };
};
