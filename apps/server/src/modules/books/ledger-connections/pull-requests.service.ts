import { eq } from 'drizzle-orm';
import type { ConnectionKind, SyncRequestResult } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { ledgerConnections, PULL_MODES } from '../../../db/schema/index.js';
import { companyJobKey } from '../../../jobs/company-job-key.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { ConflictError } from '../../../lib/errors.js';

/**
 * Asking a connected company's ledger to be read: the connection records what is wanted (its pull
 * mode and sync state) and the pull is queued by the job's name, `ledger-pull`, which the
 * transactions module runs. So connecting, the sync schedule and the accountant's "sync now" ask
 * for a pull without reaching into the module that does it.
 */

type PullDeps = Pick<AppDeps, 'db' | 'ledgers' | 'jobs'>;

export type PullMode = (typeof PULL_MODES)[number];

export const NOTHING_TO_READ = 'This company’s transactions live in Herd (CSV or generic ledger): there is nothing to read again from a ledger.';

export const assertConnected = (scope: CompanyAccess) => {
  if (scope.company.connectionState === 'NEEDS_REAUTH') throw new ConflictError('The ledger no longer accepts this connection. Reconnect the company first.');
  if (scope.company.connectionState === 'DISCONNECTED') throw new ConflictError('This company is disconnected from its ledger. Connect it again first.');
};

/**
 * Asks for a pull: INCREMENTAL (what changed), MISSING (everything since the
 * sync date Herd does not have yet) or FULL (everything since the sync date
 * again). A stronger request replaces a weaker one still waiting; asking
 * again while one waits costs nothing.
 */
export const requestPull = async (deps: PullDeps, scope: CompanyAccess, mode: PullMode): Promise<SyncRequestResult> => {
  const adapter = deps.ledgers.adapterFor(scope.company.connectionKind);
  if (!adapter.remote) return { queued: false, detail: NOTHING_TO_READ };
  assertConnected(scope);
  await queuePull(deps, scope.company.pk, mode);
  const what = { INCREMENTAL: 'What changed in the ledger', MISSING: 'Transactions missing from Herd', FULL: 'Every transaction since the sync date' }[mode];
  return { queued: true, detail: `${what} will be pulled ${adapter.waitsForConnector ? 'at the next Web Connector run' : 'in the background'}.` };
};

export const queuePull = async (deps: PullDeps, companyPk: number, mode: PullMode) => {
  const [connection] = await deps.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
  if (!connection) return;
  const stronger = PULL_MODES.indexOf(mode) > PULL_MODES.indexOf(connection.pullMode);
  await deps.db
    .update(ledgerConnections)
    .set({
      ...(stronger ? { pullMode: mode, pullProgress: null } : {}),
      ...(connection.syncState === 'RUNNING' ? {} : { syncState: 'QUEUED' as const }),
      updatedAt: new Date(),
    })
    .where(eq(ledgerConnections.pk, connection.pk));
  // A ledger that calls Herd pulls at its connector's next run, in the mode left here.
  if (!deps.ledgers.adapterFor(connection.provider as ConnectionKind).waitsForConnector) await deps.jobs.send('ledger-pull', { companyPk }, companyJobKey(companyPk));
};
