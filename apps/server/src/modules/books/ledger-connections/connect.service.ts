import { eq } from 'drizzle-orm';
import type { ConnectionKind } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { clientCompanies } from '../../../db/schema/index.js';
import type { LedgerGrant } from '../ledger/ledger.face.js';
import { AppError, ConflictError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, type FirmActor } from '../../../kernel/permissions.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { insertCompany } from '../../../kernel/companies.queries.js';
import { queuePull } from './pull-requests.service.js';
import { connectionOfCompany, saveConnection } from './ledger-connections.queries.js';
import { createState, type ConnectPurpose, type ConnectState } from './oauth-state.rule.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { queueQuantitySync } from '../../firm/billing/billing.face.js';

/** Where to send the browser, and the nonce its cookie must hold when the ledger calls back. */
export interface StartedGrant {
  url: string;
  nonce: string;
}

/**
 * Starts connecting a ledger: for a new client company (no `companyPk`) or
 * an existing one switching to this ledger. Only firm and client admins connect.
 */
export const startConnect = async (deps: AppDeps, actor: Actor, input: { kind: ConnectionKind; companyPk: number | null; origin: string }): Promise<StartedGrant> => {
  const firmActor = can.manageClientCompanies(actor);
  if (input.companyPk !== null) await companyAccess(deps.db, firmActor, input.companyPk, 'accountant');
  const { state, nonce } = createState(deps.config.secretKey, { purpose: 'connect', userId: actor.userId, companyPk: input.companyPk, origin: input.origin });
  return { url: deps.ledgers.adapterFor(input.kind).connect({ state, signup: false }), nonce };
};

/** Reconnects a company whose grant the ledger refused (NEEDS_REAUTH). */
export const startReauth = async (deps: AppDeps, actor: Actor, input: { kind: ConnectionKind; companyPk: number; origin: string }): Promise<StartedGrant> => {
  const firmActor = can.manageClientCompanies(actor);
  const { company } = await companyAccess(deps.db, firmActor, input.companyPk, 'accountant');
  const { state, nonce } = createState(deps.config.secretKey, { purpose: 'reauth', userId: actor.userId, companyPk: company.pk, origin: input.origin });
  return { url: deps.ledgers.adapterFor(input.kind).reauthorize(company, state), nonce };
};

/** Links a company to the granted company at the ledger, credentials sealed as the grant holds them. */
export const saveGrant = (db: Db, input: { kind: ConnectionKind; companyPk: number; userId: number; grant: LedgerGrant }) =>
  saveConnection(db, {
    clientCompanyId: input.companyPk,
    provider: input.kind,
    externalCompanyId: input.grant.externalCompanyId,
    sandbox: input.grant.sandbox,
    connectedBy: input.userId,
    ...input.grant.credentials,
  });

export interface FinishConnectInput {
  kind: ConnectionKind;
  /** The OAuth state the callback brought back, verified. */
  state: ConnectState;
  /** The company at the ledger the person granted, as the callback names it. */
  externalCompanyId: string;
  /** Turns the callback's code into a grant; called only once the request is known to be acceptable, so a refused one leaves no live grant behind. */
  obtainGrant: () => Promise<LedgerGrant>;
}

/**
 * The ledger's callback, once its own part is done: keeps the grant, creates
 * or links the client company, and queues its first pull. Returns the
 * company's pk.
 */
export const finishConnect = async (deps: AppDeps, actor: Actor, { state, ...input }: FinishConnectInput): Promise<number> => {
  const adapter = deps.ledgers.adapterFor(input.kind);
  const firmActor = can.manageClientCompanies(actor);
  if (state.userId !== actor.userId) throw new ConflictError(`This ${adapter.displayName} connection was started by someone else. Start it again.`);
  const existing = state.companyPk === null ? null : (await companyAccess(deps.db, firmActor, state.companyPk, 'accountant')).company;
  if (state.purpose === 'reauth' && existing) {
    const connection = await connectionOfCompany(deps.db, existing.pk);
    if (connection && connection.externalCompanyId !== input.externalCompanyId) {
      throw new ConflictError(
        `You signed in to a different ${adapter.displayName} company than the one this client is connected to. Choose the same company to reconnect.`,
      );
    }
  }
  const grant = await input.obtainGrant();
  const name = existing ? existing.name : (await adapter.companyInfo(grant)).name;
  const companyPk = await deps.db.transaction((tx) => linkCompany(tx, firmActor, { kind: input.kind, purpose: state.purpose, existing, name, grant }));
  await afterLinking(deps, firmActor.firmId, [companyPk], state.purpose === 'reauth' ? 'INCREMENTAL' : 'FULL');
  return companyPk;
};

/**
 * Inside the caller's transaction: the company (`existing`, or a new one named `name`) becomes a
 * connected company of the ledger holding `grant`, audited. Returns its pk.
 */
export const linkCompany = async (
  tx: Db,
  firmActor: FirmActor,
  input: { kind: ConnectionKind; purpose: ConnectPurpose; existing: { pk: number } | null; name: string; grant: LedgerGrant },
): Promise<number> => {
  const company = input.existing ?? (await insertCompany(tx, { firmId: firmActor.firmId, name: input.name, connectionKind: input.kind }));
  await tx.update(clientCompanies).set({ connectionKind: input.kind, connectionState: 'CONNECTED', updatedAt: new Date() }).where(eq(clientCompanies.pk, company.pk));
  await saveGrant(tx, { kind: input.kind, companyPk: company.pk, userId: firmActor.userId, grant: input.grant });
  await writeAudit(tx, {
    firmId: firmActor.firmId,
    actorUserId: firmActor.userId,
    action: input.purpose === 'reauth' ? 'client_company.reauth' : 'client_company.connect',
    targetType: 'client_company',
    targetPk: company.pk,
    details: { provider: input.kind, external_company_id: input.grant.externalCompanyId, sandbox: input.grant.sandbox },
  });
  return company.pk;
};

/** Once linked and committed: each company's pull is queued, and the firm's billed quantity follows (a new or reconnected company changes it). */
export const afterLinking = async (deps: AppDeps, firmId: number, companyPks: number[], mode: 'INCREMENTAL' | 'FULL') => {
  for (const companyPk of companyPks) await queuePull(deps, companyPk, mode);
  await queueQuantitySync(deps.jobs, firmId);
};

/** What the person reads back in the app when connecting failed: our own message, or what the failure means. */
export const connectFailureMessage = (deps: AppDeps, kind: ConnectionKind, err: unknown): string => {
  if (err instanceof AppError) return err.message;
  const adapter = deps.ledgers.adapterFor(kind);
  return adapter.classifyError(err) === 'unreachable'
    ? `${adapter.displayName} could not be reached. Try again in a moment.`
    : `${adapter.displayName} could not be connected. Try again in a moment.`;
};
