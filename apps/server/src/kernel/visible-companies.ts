import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { clientCompanies, clientCompanyAssignments } from '../db/schema/index.js';
import { seesAllClients, type FirmActor } from './permissions.js';

/** The client companies this firm user may see: the whole firm, or their assignments. */
export const visibleCompaniesWhere = (actor: FirmActor): SQL => {
  const inFirm = eq(clientCompanies.firmId, actor.firmId);
  if (seesAllClients(actor)) return inFirm;
  return and(
    inFirm,
    inArray(
      clientCompanies.pk,
      sql`(select ${clientCompanyAssignments.clientCompanyId} from ${clientCompanyAssignments} where ${clientCompanyAssignments.firmMemberId} = ${actor.firmMemberId})`,
    ),
  )!;
};

const firmCompanyStatement = preparedPerDb((db) =>
  db
    .select()
    .from(clientCompanies)
    .where(and(eq(clientCompanies.pk, sql.placeholder('pk')), eq(clientCompanies.firmId, sql.placeholder('firmId'))))
    .prepare('herd_firm_company'),
);

const assignedCompanyStatement = preparedPerDb((db) =>
  db
    .select({ company: clientCompanies })
    .from(clientCompanies)
    .innerJoin(
      clientCompanyAssignments,
      and(eq(clientCompanyAssignments.clientCompanyId, clientCompanies.pk), eq(clientCompanyAssignments.firmMemberId, sql.placeholder('memberPk'))),
    )
    .where(and(eq(clientCompanies.pk, sql.placeholder('pk')), eq(clientCompanies.firmId, sql.placeholder('firmId'))))
    .prepare('herd_assigned_company'),
);

/**
 * One client company the firm user may see (the whole firm's, or their
 * assignments'), or null. Prepared: every accountant request about a client
 * starts here, and building the statement each time cost more than running it.
 */
export const findVisibleCompany = async (db: Db, actor: FirmActor, pk: number) => {
  if (seesAllClients(actor)) {
    const [row] = await firmCompanyStatement(db).execute({ pk, firmId: actor.firmId });
    return row ?? null;
  }
  const [row] = await assignedCompanyStatement(db).execute({ pk, firmId: actor.firmId, memberPk: actor.firmMemberId });
  return row?.company ?? null;
};
