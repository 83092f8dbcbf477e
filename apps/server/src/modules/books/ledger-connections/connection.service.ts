import type { ConnectionKind, SyncRequestResult } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { syncInfo } from './sync-info.view.js';
import { requestPull } from './pull-requests.service.js';
import { nextConnectorRuns } from './connector-schedule.queries.js';

import { connectionOfCompany } from './ledger-connections.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';

/** `<ledger>/profile/`: the company's link to that ledger and where its sync stands. */
export const connectionProfile = async (deps: Pick<AppDeps, 'db' | 'ledgers'>, actor: Actor, { kind, companyPk }: { kind: ConnectionKind; companyPk: number }) => {
  const { company } = await companyAccess(deps.db, actor, companyPk, 'accountant');
  const connection = await connectionOfCompany(deps.db, company.pk);
  if (!connection || connection.provider !== kind) throw new NotFoundError(`This company is not connected to ${deps.ledgers.adapterFor(kind).displayName}.`);
  const connectorNextRun = connection.provider === 'QBD' ? ((await nextConnectorRuns(deps.db, company.firmId, [company.pk])).get(company.pk) ?? null) : null;
  return {
    ...syncInfo(connection, connectorNextRun),
    client_company: company.pk,
    connection_state: company.connectionState,
    connected_at: connection.createdAt.toISOString(),
  };
};

/** `<ledger>/sync-client/`: pull what changed now instead of waiting for the next webhook. */
export const syncClient = async (deps: AppDeps, actor: Actor, { companyPk }: { companyPk: number }): Promise<SyncRequestResult> =>
  requestPull(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), 'INCREMENTAL');
