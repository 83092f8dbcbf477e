import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerConnections, type PullProgress } from '../../../db/schema/index.js';
import type { CompanyRow } from '../../../kernel/company-access.js';
import { LedgerNeedsReauthError } from '../ledger/ledger.face.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { connectionOfCompany } from '../ledger-connections/ledger-connections.face.js';
import { upsertReferencePage } from '../refs/refs.face.js';
import { loadCompanyReferences, type CompanyReferences } from '../refs/refs.face.js';
import { applyLedgerRecords, type ApplyCounts } from './ledger-apply.queries.js';
import { saveBooksLock } from './books-lock.queries.js';
import type { LedgerDeps } from './ledger-deps.types.js';

type ConnectionRow = typeof ledgerConnections.$inferSelect;

/** The connection's own row, and only while it still belongs to the company it was read with. */
const ownRow = (connection: ConnectionRow) => and(eq(ledgerConnections.pk, connection.pk), eq(ledgerConnections.clientCompanyId, connection.clientCompanyId));

const setConnection = (db: Db, connection: ConnectionRow, values: Partial<typeof ledgerConnections.$inferInsert>) =>
  db
    .update(ledgerConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(ownRow(connection));

/**
 * One pull of one connected company, the loop the adapter's pages feed: reference pages are
 * upserted, transaction pages applied through the inbound policy, and the pull's progress saved
 * after each page, so a pull cut short resumes where it stopped. On success the connection records
 * how far the ledger has been read; on failure its error (a refused grant is recorded on the
 * company and told to the firm), and the job is retried.
 */
export const pullCompany = async (deps: LedgerDeps, company: CompanyRow, now = new Date()): Promise<ApplyCounts | null> => {
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  if (!adapter.remote || company.connectionState !== 'CONNECTED') return null;
  const connection = await connectionOfCompany(deps.db, company.pk);
  if (!connection) return null;
  const owner = { firmId: company.firmId, companyPk: company.pk };
  const onlyNew = (connection.pullProgress?.mode ?? connection.pullMode) === 'MISSING';
  let startedAt = connection.pullProgress?.startedAt ?? now.toISOString();
  let refs: CompanyReferences | null = null;
  const fresh = async () => (refs = await loadCompanyReferences(deps.db, company.pk));
  const totals: ApplyCounts = { created: 0, updated: 0, matched: 0, cancelled: 0, unchanged: 0 };

  await setConnection(deps.db, connection, { syncState: 'RUNNING' });
  try {
    await withGrant(deps.db, company, adapter.displayName, async () => {
      const cursor = { mode: connection.pullMode, pulledUpTo: connection.pulledUpTo, progress: connection.pullProgress };
      for await (const page of adapter.pull(company, cursor, async () => (await fresh()).references, now)) {
        if (page.kind === 'lock') {
          await saveBooksLock(deps.db, company.pk, page.closedThrough, now);
        } else if (page.kind === 'references') {
          await upsertReferencePage(deps.db, company.pk, page);
          refs = null;
        } else {
          const counts = await applyLedgerRecords(deps.db, owner, page.records, refs ?? (await fresh()), { onlyNew });
          for (const key of Object.keys(totals) as (keyof ApplyCounts)[]) totals[key] += counts[key];
        }
        if (page.progress) {
          startedAt = page.progress.startedAt;
          await setConnection(deps.db, connection, { pullProgress: page.progress as PullProgress });
        }
      }
    });
  } catch (err) {
    // A refused grant has already been recorded on the company; anything else is retried by the job.
    if (!(err instanceof LedgerNeedsReauthError))
      await setConnection(deps.db, connection, { syncState: 'FAILED', lastSyncError: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  await setConnection(deps.db, connection, {
    pulledUpTo: new Date(startedAt),
    pullMode: 'INCREMENTAL',
    pullProgress: null,
    syncState: 'IDLE',
    lastSyncedAt: new Date(),
    lastSyncError: null,
  });
  return totals;
};
