import type { QboControl } from '@herd/simulators';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { StorageDriver } from './storage/driver.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { LedgerRegistry } from './integrations/ledger-adapter.js';
import type { QboContext } from './integrations/qbo/qbo-context.js';

/** What every route, service and job reaches through `app.deps`; built once in `buildApp`. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: StorageDriver;
  jobs: JobQueue;
  ledgers: LedgerRegistry;
  qbo: QboContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The built-in QuickBooks sandbox's controls, when it runs. */
    qboSandbox: QboControl | null;
  }
}
