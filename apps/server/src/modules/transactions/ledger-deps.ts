import type { Db } from '../../db/client.js';
import type { LedgerRegistry } from '../../integrations/ledger-adapter.js';
import type { JobQueue } from '../../jobs/job-queue.js';

/** What the services that talk to ledgers need: the database, the adapters, and the job queue for remote ledgers. */
export interface LedgerDeps {
  db: Db;
  ledgers: LedgerRegistry;
  jobs: JobQueue;
}

/** Jobs of one company run one at a time: two writes never race on one ledger transaction. */
export const companyJobKey = (companyPk: number) => `company:${companyPk}`;
