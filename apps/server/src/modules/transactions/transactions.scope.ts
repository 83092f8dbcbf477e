import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ClientEditableField, SenderKind } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { clientCompanies, clientMemberships, transactions, userAccountRestrictions } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { can, isFirmActor } from '../auth/permissions.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { clientScope } from '../client-side/client-scope.js';
import { UNRESTRICTED, restrictionWhere, type AccountRestrictions } from '../restrictions/account-scope.js';

/** Everything a transaction endpoint needs to know about who is asking, for which company. */
export interface TxScope {
  actor: Actor;
  company: typeof clientCompanies.$inferSelect;
  restrictions: AccountRestrictions;
  side: 'client' | 'accountant';
  senderKind: SenderKind;
  /** What this side may set on a line. */
  editable: readonly ClientEditableField[] | 'all';
  viewingAsClient: boolean;
}

const restrictedAccounts = (kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') =>
  sql<number[] | null>`(select array_agg(r.account_id) from ${userAccountRestrictions} r
    where r.user_id = ${sql.placeholder('userPk')} and r.client_company_id = ${clientCompanies.pk} and r.kind = ${kind})`;

/** A client's company with their account restrictions. Prepared: every client request starts here, and its subqueries cost more to plan than to run. */
const clientCompanyStatement = preparedPerDb((db) =>
  db
    .select({ company: clientCompanies, payment: restrictedAccounts('PAYMENT_ACCOUNT'), watched: restrictedAccounts('WATCHED_ACCOUNT') })
    .from(clientCompanies)
    .innerJoin(clientMemberships, and(eq(clientMemberships.clientCompanyId, clientCompanies.pk), eq(clientMemberships.userId, sql.placeholder('userPk'))))
    .where(eq(clientCompanies.pk, sql.placeholder('companyPk')))
    .prepare('herd_client_company_scope'),
);

/**
 * Client endpoints: the client's own company (limited by their restrictions,
 * read in the same query), or an accountant viewing as the client.
 */
export const clientTxScope = async (db: Db, actor: Actor, companyPk: number): Promise<TxScope> => {
  if (isFirmActor(actor)) {
    const scope = await clientScope(db, actor, companyPk);
    return { actor, company: scope.company, restrictions: UNRESTRICTED, side: 'client', senderKind: 'ACCOUNTANT', editable: scope.company.clientEditableFields, viewingAsClient: true };
  }
  if (!actor.clientCompanyIds.includes(companyPk)) throw new NotFoundError();
  const [row] = await clientCompanyStatement(db).execute({ userPk: actor.userId, companyPk });
  if (!row) throw new NotFoundError();
  const ids = (value: number[] | null) => (value && value.length > 0 ? value.map(Number) : null);
  return {
    actor,
    company: row.company,
    restrictions: { paymentAccountIds: ids(row.payment), watchedAccountIds: ids(row.watched) },
    side: 'client',
    senderKind: 'CLIENT',
    editable: row.company.clientEditableFields,
    viewingAsClient: false,
  };
};

export const accountantTxScope = async (db: Db, actor: Actor, companyPk: number): Promise<TxScope> => {
  const firmActor = can.workOnClients(actor);
  const company = await getVisibleCompany(db, firmActor, companyPk);
  return { actor, company, restrictions: UNRESTRICTED, side: 'accountant', senderKind: 'ACCOUNTANT', editable: 'all', viewingAsClient: false };
};

/** The scope's transactions with these pks; any pk outside it (another company, a restricted account) is 404. */
export const findScoped = async (db: Db, scope: TxScope, pks: number[]) => {
  const unique = [...new Set(pks)];
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, scope.company.pk),
        inArray(transactions.pk, unique),
        restrictionWhere(scope.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
      ),
    );
  if (rows.length !== unique.length) throw new NotFoundError();
  return unique.map((pk) => rows.find((r) => r.pk === pk)!);
};
