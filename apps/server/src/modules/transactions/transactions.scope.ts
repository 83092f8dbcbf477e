import { and, eq, inArray } from 'drizzle-orm';
import type { ClientEditableField, SenderKind } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { type clientCompanies, transactions } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { clientScope } from '../client-side/client-scope.js';
import { UNRESTRICTED, loadAccountRestrictions, restrictionWhere, type AccountRestrictions } from '../restrictions/account-scope.js';

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

/** Client endpoints: the client's own company (limited by their restrictions), or an accountant viewing as the client. */
export const clientTxScope = async (db: Db, actor: Actor, companyPk: number): Promise<TxScope> => {
  const scope = await clientScope(db, actor, companyPk);
  return {
    actor,
    company: scope.company,
    restrictions: scope.viewingAsClient ? UNRESTRICTED : await loadAccountRestrictions(db, actor.userId, companyPk),
    side: 'client',
    senderKind: scope.viewingAsClient ? 'ACCOUNTANT' : 'CLIENT',
    editable: scope.company.clientEditableFields,
    viewingAsClient: scope.viewingAsClient,
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
