import { eq } from 'drizzle-orm';
import type { SyncRequestResult } from '@herd/contract';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { assertConnected, NOTHING_TO_READ } from '../ledger-connections/ledger-connections.face.js';
import type { LedgerDeps } from './ledger-deps.types.js';
import { companyJobKey } from '../../../jobs/company-job-key.js';
import { queueSuggestionRefresh } from '../suggestions/suggestions.face.js';
import { queueCompanyReceiptMatch } from '../../../jobs/receipt-match-requests.js';
import { findTransactionsOfCompany } from './transactions.queries.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { type CompanyAccess } from '../../../kernel/company-access.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { loadCompanyReferences } from '../refs/refs.face.js';
import { applyLedgerRecords } from './ledger-apply.queries.js';
import { pullCompany } from './ledger-pull.job.js';

/** Reads some transactions again from the ledger (`transactions/resync/`). */
export const resyncTransactions = async (deps: LedgerDeps, scope: CompanyAccess, pks: number[]): Promise<SyncRequestResult> => {
  const rows = await findScoped(deps.db, scope, pks);
  const adapter = deps.ledgers.adapterFor(scope.company.connectionKind);
  if (!adapter.remote) return { queued: false, detail: NOTHING_TO_READ };
  assertConnected(scope);
  const count = `${rows.length} transaction${rows.length === 1 ? '' : 's'}`;
  if (adapter.waitsForConnector) {
    await markForReread(
      deps,
      scope.company.pk,
      rows.map((r) => r.pk),
    );
    return { queued: true, detail: `${count} will be read again from ${adapter.displayName} at the next Web Connector run.` };
  }
  await deps.jobs.send(
    'ledger-push',
    { companyPk: scope.company.pk, action: 'resync', pks: rows.map((r) => r.pk), actorUserId: scope.actor.userId },
    companyJobKey(scope.company.pk),
  );
  return { queued: true, detail: `${count} will be read again from the ledger.` };
};

/** Adds transactions to those a connector's next run reads again (each once). */
const markForReread = async (deps: LedgerDeps, companyPk: number, pks: number[]) => {
  const [connection] = await deps.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
  if (!connection) return;
  const rereadPending = [...new Set([...connection.rereadPending, ...pks])];
  await deps.db.update(ledgerConnections).set({ rereadPending, updatedAt: new Date() }).where(eq(ledgerConnections.pk, connection.pk));
};

/** The job behind a pull. */
export const runPull = async (deps: LedgerDeps, companyPk: number) => {
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  if (!company) return;
  await pullCompany(deps, company);
  await queueSuggestionRefresh(deps.jobs, companyPk, null);
  await queueCompanyReceiptMatch(deps.jobs, companyPk);
};

/** The job behind a resync: each transaction read again is applied as a pull would apply it, on its own. */
export const runQueuedResync = async (deps: LedgerDeps, data: { companyPk: number; pks: number[] }) => {
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, data.companyPk));
  if (!company || company.connectionState !== 'CONNECTED') return;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  const rows = await findTransactionsOfCompany(deps.db, company.pk, data.pks);
  const refs = await loadCompanyReferences(deps.db, company.pk);
  const owner = { firmId: company.firmId, companyPk: company.pk };
  const targets = rows.map((row) => ({ externalId: row.externalId, entityType: row.ledgerEntityType }));
  await withGrant(deps.db, company, adapter.displayName, async () => {
    for await (const records of adapter.reread(company, targets, refs.references)) await applyLedgerRecords(deps.db, owner, records, refs);
  });
};

/** Transactions a resync asked to read again from a ledger that calls Herd: read at its run, then forgotten. */
export const rereadWaitingForConnector = async (deps: LedgerDeps, companyPk: number) => {
  const [connection] = await deps.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
  const pks = connection?.rereadPending ?? [];
  if (pks.length === 0) return;
  await runQueuedResync(deps, { companyPk, pks });
  await deps.db.update(ledgerConnections).set({ rereadPending: [], updatedAt: new Date() }).where(eq(ledgerConnections.pk, connection!.pk));
};
