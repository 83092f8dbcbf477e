import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { clientCompanies, transactions } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { filesForLedger } from './ledger-files.queries.js';

/**
 * A file attached in Herd to a transaction the ledger already holds categorized goes to the ledger
 * by itself (`ledger-attach`), rather than waiting for a publish that may never come: the
 * transaction is done. Publishing carries the files of the transactions it writes, so this job
 * is only for what is attached after.
 */

/** Statuses of a transaction whose categorization the ledger holds: published by Herd, or found there already. */
const IN_LEDGER = new Set(['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM']);

/** Whether a file attached now to a transaction in this status is for the `ledger-attach` job (PROCESSING: a publish may have read its files already). */
export const attachesInLedger = (status: string) => IN_LEDGER.has(status) || status === 'PROCESSING';

/** Keyed by transaction and file: asking again while one waits or runs costs nothing. */
export const queueLedgerAttach = (jobs: Pick<JobQueue, 'send'>, transactionPk: number, fileId: number) =>
  jobs.send('ledger-attach', { transactionPk, fileId }, `ledger-attach:${transactionPk}:${fileId}`);

/** Thrown so the job is retried later: the transaction is being published right now. */
export class PublishRunningError extends Error {
  constructor() {
    super('A publish of this transaction is running; the file is attached after it.');
  }
}

type AttachDeps = Pick<AppDeps, 'db' | 'ledgers' | 'storage'> & { log?: { warn: (details: object, message: string) => void } };

/**
 * Uploads one file of one transaction to the ledger, through the ledger adapter's attachment
 * call (the one publishing uses). Idempotent: a file the ledger has already (its attachment row
 * holds the ledger's id) is not sent again, and a run after a crash sends only what is missing.
 * Nothing to do, and no error, when the file was detached, the ledger takes no attachments, the
 * company is not connected, or the transaction is not categorized in the ledger yet (its publish
 * will carry the file). A refusal by the ledger is logged and not retried: the same file would be
 * refused again.
 */
export const runLedgerAttach = async (deps: AttachDeps, { transactionPk, fileId }: { transactionPk: number; fileId: number }) => {
  const [found] = await deps.db
    .select({ row: transactions, company: clientCompanies })
    .from(transactions)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactions.clientCompanyId))
    .where(eq(transactions.pk, transactionPk));
  if (!found) return;
  const { row, company } = found;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  if (!adapter.attachFiles || company.connectionState !== 'CONNECTED') return;
  if (row.status === 'PROCESSING') throw new PublishRunningError();
  if (!IN_LEDGER.has(row.status)) return;
  const pending = (await filesForLedger(deps, [transactionPk], fileId)).get(transactionPk) ?? [];
  if (pending.length === 0) return;
  const target = { externalId: row.externalId, entityType: row.ledgerEntityType };
  const refusal = await withGrant(deps.db, company, adapter.displayName, () => adapter.attachFiles!(company, target, pending));
  if (refusal) deps.log?.warn({ transactionPk, fileId, code: refusal.code }, `The ledger refused a file attached after publishing: ${refusal.message}`);
};
