import { and, eq, sql } from 'drizzle-orm';
import type { ClientEditableField, SenderKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { clientCompanies, clientMemberships, userAccountRestrictions } from '../db/schema/index.js';
import { NotFoundError } from '../lib/errors.js';
import type { Actor } from './actor.js';
import { isFirmActor, requireFirmActor } from './permissions.js';
import { findVisibleCompany } from './visible-companies.js';
import { UNRESTRICTED, type AccountRestrictions } from './account-scope.js';

export type CompanyRow = typeof clientCompanies.$inferSelect;
export type Side = 'client' | 'accountant';

/** Who is asking about which company, and what they may see and set there. */
export interface CompanyAccess {
  actor: Actor;
  company: CompanyRow;
  /** Whose screens: the firm's, or the client's (where an accountant may look over the client's shoulder). */
  side: Side;
  /** An accountant in the client's view: recorded in the audit log. */
  viewingAsClient: boolean;
  /** The client's own role in the company; null for the firm's staff. */
  role: 'CLIENT' | 'CLIENT_COWORKER' | null;
  /** The accounts a restricted client user is limited to. */
  restrictions: AccountRestrictions;
  senderKind: SenderKind;
  /** What this side may set on a transaction's line. */
  editable: readonly ClientEditableField[] | 'all';
}

const restrictedAccounts = (kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') =>
  sql<number[] | null>`(select array_agg(r.account_id) from ${userAccountRestrictions} r
    where r.user_id = ${sql.placeholder('userPk')} and r.client_company_id = ${clientCompanies.pk} and r.kind = ${kind})`;

/** A client's company of their firm, with their role and account restrictions. Prepared: every client request starts here, and its subqueries cost more to plan than to run. */
const clientCompanyStatement = preparedPerDb((db) =>
  db
    .select({ company: clientCompanies, role: clientMemberships.role, payment: restrictedAccounts('PAYMENT_ACCOUNT'), watched: restrictedAccounts('WATCHED_ACCOUNT') })
    .from(clientCompanies)
    .innerJoin(clientMemberships, and(eq(clientMemberships.clientCompanyId, clientCompanies.pk), eq(clientMemberships.userId, sql.placeholder('userPk'))))
    .where(and(eq(clientCompanies.pk, sql.placeholder('companyPk')), eq(clientCompanies.firmId, sql.placeholder('firmId'))))
    .prepare('herd_client_company_access'),
);

const ids = (value: number[] | null) => (value && value.length > 0 ? value.map(Number) : null);

/**
 * The one visibility rule for a client company. The accountant side: a firm
 * user (a client gets 403) and a company they can see (a team member only
 * their assigned ones). The client side: a company the client belongs to,
 * limited by their account restrictions, or, for a firm user, a company they
 * can see, viewed as the client. Anything else is 404, so another firm's or
 * client's company is indistinguishable from one that does not exist.
 */
export const companyAccess = async (db: Db, actor: Actor, companyPk: number, side: Side): Promise<CompanyAccess> => {
  if (side === 'accountant' || isFirmActor(actor)) {
    const firmActor = requireFirmActor(actor);
    const company = await findVisibleCompany(db, firmActor, companyPk);
    if (!company) throw new NotFoundError();
    const viewingAsClient = side === 'client';
    return {
      actor,
      company,
      side,
      viewingAsClient,
      role: null,
      restrictions: UNRESTRICTED,
      senderKind: 'ACCOUNTANT',
      editable: viewingAsClient ? company.clientEditableFields : 'all',
    };
  }
  if (actor.firmId === null || !actor.clientCompanyIds.includes(companyPk)) throw new NotFoundError();
  const [row] = await clientCompanyStatement(db).execute({ userPk: actor.userId, companyPk, firmId: actor.firmId });
  if (!row) throw new NotFoundError();
  return {
    actor,
    company: row.company,
    side,
    viewingAsClient: false,
    role: row.role,
    restrictions: { paymentAccountIds: ids(row.payment), watchedAccountIds: ids(row.watched) },
    senderKind: 'CLIENT',
    editable: row.company.clientEditableFields,
  };
};
