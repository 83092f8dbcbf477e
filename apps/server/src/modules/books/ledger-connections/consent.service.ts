import type { ConnectionKind } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { randomToken } from '../../../lib/crypto.js';
import { ConflictError } from '../../../lib/errors.js';
import type { PendingGrantCompany } from '../../../db/schema/index.js';
import type { SealedCredentials } from '../ledger/ledger.face.js';
import type { Actor } from '../../../kernel/actor.js';
import { linkLedgerIdentity } from '../../people/auth/auth.face.js';
import { can } from '../../../kernel/permissions.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { afterLinking, linkCompany } from './connect.service.js';
import { connectionOfCompany } from './ledger-connections.queries.js';
import type { ConnectState } from './oauth-state.rule.js';
import { companiesForPlacing, insertPendingGrant } from './pending-grants.queries.js';

/** How long the organisations of one consent wait to be placed: as long as its access token lasts. */
export const PENDING_GRANT_MINUTES = 30;

/**
 * One consent at a ledger that may grant several companies at once (Xero: the person ticks one or
 * more organisations), with the one token set they all share and who consented.
 */
export interface LedgerConsent {
  kind: ConnectionKind;
  sandbox: boolean;
  credentials: SealedCredentials;
  companies: PendingGrantCompany[];
  /** The ledger's id of the person who consented: linked to the Herd user, so they can sign in with the ledger later. */
  subject: string | null;
}

/** `linked`: the one company is connected; `choose`: the accountant places each company on the select-client page. */
export type ConsentOutcome = { kind: 'linked'; companyPk: number } | { kind: 'choose'; token: string };

const grantOf = (consent: LedgerConsent, externalCompanyId: string) => ({ externalCompanyId, sandbox: consent.sandbox, credentials: consent.credentials });

/**
 * The ledger's callback for a connect or reconnect, once its own part is done. A reconnect renews
 * the company's link when the consent still holds its company; a consent of one company links it
 * (to the company the connect started from, or the firm's company already linked to it, or a new
 * one); a consent of several waits for the accountant to place each one.
 */
export const finishConsent = async (deps: AppDeps, actor: Actor, { state, consent }: { state: ConnectState; consent: LedgerConsent }): Promise<ConsentOutcome> => {
  const adapter = deps.ledgers.adapterFor(consent.kind);
  const firmActor = can.manageClientCompanies(actor);
  if (state.userId !== actor.userId) throw new ConflictError(`This ${adapter.displayName} connection was started by someone else. Start it again.`);
  if (consent.companies.length === 0) throw new ConflictError(`${adapter.displayName} granted no organisation. Connect again and tick at least one.`);
  if (consent.subject) await linkLedgerIdentity(deps.db, { provider: consent.kind, subject: consent.subject, userId: actor.userId });
  const existing = state.companyPk === null ? null : (await companyAccess(deps.db, firmActor, state.companyPk, 'accountant')).company;

  if (state.purpose === 'reauth' && existing) {
    const connection = await connectionOfCompany(deps.db, existing.pk);
    const held = consent.companies.find((c) => c.externalCompanyId === connection?.externalCompanyId);
    if (!connection || !held) {
      throw new ConflictError(`This consent does not include the ${adapter.displayName} organisation this client is connected to. Reconnect and tick that organisation.`);
    }
    const grant = grantOf(consent, held.externalCompanyId);
    const companyPk = await deps.db.transaction((tx) => linkCompany(tx, firmActor, { kind: consent.kind, purpose: 'reauth', existing, name: existing.name, grant }));
    await afterLinking(deps, firmActor.firmId, [companyPk], 'INCREMENTAL');
    return { kind: 'linked', companyPk };
  }

  const [only] = consent.companies;
  if (consent.companies.length === 1 && only) {
    const alreadyLinked = (await companiesForPlacing(deps.db, firmActor)).find((c) => c.provider === consent.kind && c.externalCompanyId === only.externalCompanyId);
    const target = existing ?? (alreadyLinked ? { pk: alreadyLinked.pk } : null);
    const grant = grantOf(consent, only.externalCompanyId);
    const companyPk = await deps.db.transaction((tx) => linkCompany(tx, firmActor, { kind: consent.kind, purpose: 'connect', existing: target, name: only.name, grant }));
    await afterLinking(deps, firmActor.firmId, [companyPk], 'FULL');
    return { kind: 'linked', companyPk };
  }

  const token = randomToken();
  await insertPendingGrant(deps.db, {
    token,
    provider: consent.kind,
    firmId: firmActor.firmId,
    userId: actor.userId,
    sandbox: consent.sandbox,
    companies: consent.companies,
    ...consent.credentials,
    expiresAt: new Date(Date.now() + PENDING_GRANT_MINUTES * 60_000),
  });
  return { kind: 'choose', token };
};
