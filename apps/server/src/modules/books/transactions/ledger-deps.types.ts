import type { Db } from '../../../db/client.js';
import type { LedgerRegistry } from '../ledger/ledger.face.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import type { StorageDriver } from '../../platform/stored-files/stored-files.face.js';

/** What the services that talk to ledgers need: the database, the adapters, the job queue for remote ledgers, and the files' storage. */
export interface LedgerDeps {
  db: Db;
  ledgers: LedgerRegistry;
  jobs: JobQueue;
  storage: StorageDriver;
}
