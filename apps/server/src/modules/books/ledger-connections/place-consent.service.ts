import type { z } from 'zod';
import type { ConnectionKind, xeroPendingGrant, xeroSelectClientBody, xeroSelectClientResult } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, type FirmActor } from '../../../kernel/permissions.js';
import { afterLinking, linkCompany } from './connect.service.js';
import { companiesForPlacing, deletePendingGrant, findPendingGrant } from './pending-grants.queries.js';

type PendingView = z.infer<typeof xeroPendingGrant>;
type Choices = z.output<typeof xeroSelectClientBody>;
type Placed = z.infer<typeof xeroSelectClientResult>;

export const GRANT_EXPIRED = 'This connection has expired (organisations wait 30 minutes to be chosen). Connect again.';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const pendingOf = async (deps: AppDeps, actor: FirmActor, token: string) => {
  const pending = await findPendingGrant(deps.db, actor, token);
  if (!pending) throw new NotFoundError(GRANT_EXPIRED);
  return pending;
};

/**
 * The organisations a consent granted, each with the firm's company already linked to it and the
 * company whose name matches; and the companies an organisation may be linked to: those not
 * connected to a ledger now (a company connected elsewhere is disconnected first).
 */
export const pendingConsent = async (deps: AppDeps, actor: Actor, { token }: { token: string }): Promise<PendingView> => {
  const firmActor = can.manageClientCompanies(actor);
  const pending = await pendingOf(deps, firmActor, token);
  const companies = await companiesForPlacing(deps.db, firmActor);
  const linkable = companies.filter((c) => !c.live);
  return {
    organisations: pending.companies.map((org) => ({
      tenant_id: org.externalCompanyId,
      name: org.name,
      connected_company: companies.find((c) => c.provider === pending.provider && c.externalCompanyId === org.externalCompanyId)?.pk ?? null,
      suggested_company: linkable.find((c) => sameName(c.name, org.name))?.pk ?? null,
    })),
    companies: linkable.map((c) => ({ pk: c.pk, name: c.name, connection_kind: c.connectionKind })),
    sandbox: pending.sandbox,
    expires_at: pending.expiresAt.toISOString(),
  };
};

/**
 * Places the organisations ticked, in one transaction: each becomes a new client company or is
 * linked to the company chosen (one already linked to it is reconnected rather than doubled).
 * Organisations left out are given back to the ledger. The pending consent is then gone.
 */
export const placeConsent = async (deps: AppDeps, actor: Actor, { grant: token, choices }: Choices): Promise<Placed> => {
  const firmActor = can.manageClientCompanies(actor);
  const pending = await pendingOf(deps, firmActor, token);
  const companies = await companiesForPlacing(deps.db, firmActor);
  const offered = new Map(pending.companies.map((c) => [c.externalCompanyId, c]));
  const seenTenants = new Set<string>();
  const seenCompanies = new Set<number>();
  const placements = choices.map((choice) => {
    const org = offered.get(choice.tenant_id);
    if (!org) throw ValidationError.detail('An organisation chosen is not part of this connection. Connect again.');
    if (seenTenants.has(org.externalCompanyId)) throw ValidationError.detail(`${org.name} is chosen twice.`);
    seenTenants.add(org.externalCompanyId);
    const linked = companies.find((c) => c.provider === pending.provider && c.externalCompanyId === org.externalCompanyId);
    const chosen = choice.client_company === null ? null : companies.find((c) => c.pk === choice.client_company);
    if (choice.client_company !== null && !chosen) throw new NotFoundError();
    if (chosen && chosen.live && chosen.pk !== linked?.pk) {
      throw ValidationError.detail(`${chosen.name} is already connected to a ledger. Disconnect it first, or make ${org.name} a new client company.`);
    }
    const target = chosen ?? linked ?? null;
    if (target && seenCompanies.has(target.pk)) throw ValidationError.detail(`${target.name} is chosen for two organisations.`);
    if (target) seenCompanies.add(target.pk);
    return { org, target };
  });

  const credentials = {
    accessTokenEnc: pending.accessTokenEnc,
    refreshTokenEnc: pending.refreshTokenEnc,
    accessExpiresAt: pending.accessExpiresAt,
    refreshExpiresAt: pending.refreshExpiresAt,
  };
  // Written by finishConsent from a ConnectionKind.
  const kind = pending.provider as ConnectionKind;
  const connected = await deps.db.transaction(async (tx) => {
    const placed: Placed['connected'] = [];
    for (const { org, target } of placements) {
      const grant = { externalCompanyId: org.externalCompanyId, sandbox: pending.sandbox, credentials };
      const companyPk = await linkCompany(tx, firmActor, { kind, purpose: 'connect', existing: target, name: org.name, grant });
      placed.push({ tenant_id: org.externalCompanyId, client_company: companyPk });
    }
    await deletePendingGrant(tx, pending.pk);
    return placed;
  });
  await afterLinking(
    deps,
    firmActor.firmId,
    connected.map((c) => c.client_company),
    'FULL',
  );
  const left = pending.companies.filter((c) => !seenTenants.has(c.externalCompanyId)).map((c) => c.externalCompanyId);
  if (left.length > 0) await deps.ledgers.adapterFor(kind).releaseCompanies?.(credentials, left);
  return { connected };
};
