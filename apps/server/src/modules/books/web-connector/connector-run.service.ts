import type { ConnectorChannel } from '../ledger/ledger.face.js';
import { createWaitingListEntries } from '../refs/refs.face.js';
import { rereadWaitingForConnector, runPull } from '../transactions/transactions.face.js';
import { publishWaitingForConnector } from '../transactions/transactions.face.js';
import type { LedgerDeps } from '../transactions/transactions.face.js';

/**
 * Everything one Web Connector run does for its company, through the module loops every ledger
 * uses: the vendors, customers and categories made in Herd since the last run, the transactions a
 * resync asked to read again, the pull (what changed, or what a resync
 * asked for; an interrupted pull resumes from its saved progress), then the answers waiting to be
 * published. Each request the adapter makes goes out through the channel; when the work is done
 * (or has failed) the channel says so, and the connector's next call learns how the run ended.
 */
export const runConnectorWork = async (deps: LedgerDeps, companyPk: number, channel: ConnectorChannel): Promise<void> => {
  let error: string | null = null;
  try {
    await createWaitingListEntries(deps, companyPk);
    await rereadWaitingForConnector(deps, companyPk);
    await runPull(deps, companyPk);
    await publishWaitingForConnector(deps, companyPk);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  channel.end(error);
};
