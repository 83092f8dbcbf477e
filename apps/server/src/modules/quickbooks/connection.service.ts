import type { SyncRequestResult } from '@herd/contract';
import type { AppDeps } from '../../app-deps.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { syncInfo } from '../client-companies/client-companies.serializer.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { requestPull } from '../transactions/ledger-sync.js';
import { accountantTxScope } from '../transactions/transactions.scope.js';
import { connectionOfCompany } from './quickbooks.queries.js';
import { realmsOfDelivery, verifyIntuitSignature } from './webhook.js';

export const connectionProfile = async (deps: AppDeps, actor: Actor, companyPk: number) => {
  const company = await getVisibleCompany(deps.db, can.workOnClients(actor), companyPk);
  const connection = await connectionOfCompany(deps.db, company.pk);
  if (!connection || connection.provider !== 'QBO') throw new NotFoundError('This company is not connected to QuickBooks Online.');
  return { ...syncInfo(connection), client_company: company.pk, connection_state: company.connectionState, connected_at: connection.createdAt.toISOString() };
};

/** `quickbooks/sync-client/`: pull what changed now instead of waiting for the next webhook. */
export const syncClient = async (deps: AppDeps, actor: Actor, companyPk: number): Promise<SyncRequestResult> =>
  requestPull(deps, await accountantTxScope(deps.db, actor, companyPk), 'INCREMENTAL');

/** Checks Intuit's signature and queues the work; Intuit only needs a quick 200. */
export const receiveWebhook = async (deps: AppDeps, rawBody: string, signature: string | undefined): Promise<number> => {
  if (!verifyIntuitSignature(deps.qbo.settings.webhookVerifierToken, rawBody, signature)) throw new AppError(401, 'The webhook signature does not match.');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'The webhook body is not JSON.');
  }
  const realmIds = realmsOfDelivery(body);
  if (realmIds.length > 0) await deps.jobs.send('ledger-webhook', { provider: 'QBO', realmIds }, `webhook:${realmIds.sort().join(',')}:${Date.now()}`);
  return realmIds.length;
};
