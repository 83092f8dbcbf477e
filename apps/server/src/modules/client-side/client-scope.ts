import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { isFirmActor } from '../auth/permissions.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { findCompany, findRolesIn } from './client-side.queries.js';

export interface ClientScope {
  company: NonNullable<Awaited<ReturnType<typeof findCompany>>>;
  /** The client's own role; null when an accountant is viewing as the client. */
  role: 'CLIENT' | 'CLIENT_COWORKER' | null;
  viewingAsClient: boolean;
}

/**
 * A client-side endpoint's company: one the client belongs to, or, for an
 * accountant viewing as the client, one the accountant can see. Anything
 * else is 404. `viewingAsClient` lets the caller record the view-as in the audit log.
 */
export const clientScope = async (db: Db, actor: Actor, companyPk: number): Promise<ClientScope> => {
  if (isFirmActor(actor)) {
    const company = await getVisibleCompany(db, actor, companyPk);
    return { company, role: null, viewingAsClient: true };
  }
  if (!actor.clientCompanyIds.includes(companyPk)) throw new NotFoundError();
  const company = actor.firmId === null ? null : await findCompany(db, actor.firmId, companyPk);
  if (!company) throw new NotFoundError();
  const [membership] = await findRolesIn(db, actor.userId, [companyPk]);
  return { company, role: membership?.role ?? null, viewingAsClient: false };
};

/** Only a company's CLIENT (not a coworker) or the firm manages who else has access. */
export const assertManagesCompanyUsers = (scope: ClientScope): void => {
  if (!scope.viewingAsClient && scope.role !== 'CLIENT') throw new ForbiddenError();
};
