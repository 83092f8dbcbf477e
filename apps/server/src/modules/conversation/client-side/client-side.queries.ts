import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientCompanyAssignments, clientMemberships, firmMembers, users } from '../../../db/schema/index.js';

/*
 * Without a firm on purpose: findCompaniesOfClient and findRolesIn read the
 * signed-in client's own memberships (by their own user id). Rows by company
 * (findCompanyUsers) are scoped by a company the service has checked.
 */

export const findCompaniesOfClient = (db: Db, userPk: number) =>
  db
    .select({ company: clientCompanies, role: clientMemberships.role })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(eq(clientMemberships.userId, userPk))
    .orderBy(asc(clientCompanies.name));

/** Who the client should contact: an assigned team member, else the firm's first admin. */
export const findContactFor = async (db: Db, companyPk: number, firmId: number) => {
  const columns = { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone };
  const [assigned] = await db
    .select(columns)
    .from(clientCompanyAssignments)
    .innerJoin(firmMembers, eq(firmMembers.pk, clientCompanyAssignments.firmMemberId))
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(clientCompanyAssignments.clientCompanyId, companyPk)))
    .orderBy(asc(firmMembers.pk))
    .limit(1);
  if (assigned) return assigned;
  const [admin] = await db
    .select(columns)
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.role, 'FIRM_ADMIN')))
    .orderBy(asc(firmMembers.pk))
    .limit(1);
  return admin ?? null;
};

export const findCompanyUsers = (db: Db, companyPk: number) =>
  db
    .select({ user: users, role: clientMemberships.role })
    .from(clientMemberships)
    .innerJoin(users, eq(users.pk, clientMemberships.userId))
    .where(eq(clientMemberships.clientCompanyId, companyPk))
    .orderBy(asc(users.firstName), asc(users.lastName));

export const findRolesIn = (db: Db, userPk: number, companyPks: number[]) =>
  db
    .select({ companyPk: clientMemberships.clientCompanyId, role: clientMemberships.role })
    .from(clientMemberships)
    .where(and(eq(clientMemberships.userId, userPk), inArray(clientMemberships.clientCompanyId, companyPks)));
