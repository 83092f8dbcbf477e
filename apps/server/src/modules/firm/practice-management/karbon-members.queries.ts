import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientCompanyAssignments, clientMemberships, firmMembers, users } from '../../../db/schema/index.js';

/** The emails of the firm's people: a Karbon user with one of them is one of them. */
export const findFirmMemberEmails = async (db: Db, firmId: number) =>
  (await db.select({ email: users.email }).from(firmMembers).innerJoin(users, eq(users.pk, firmMembers.userId)).where(eq(firmMembers.firmId, firmId))).map(
    (row) => row.email,
  );

/** Who a work item about the company goes to, in order of preference: its assigned team members, then the firm's admins. */
export const findAssigneeCandidates = async (db: Db, firmId: number, companyPk: number) => {
  const assigned = await db
    .select({ email: users.email })
    .from(clientCompanyAssignments)
    .innerJoin(firmMembers, eq(firmMembers.pk, clientCompanyAssignments.firmMemberId))
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientCompanyAssignments.clientCompanyId))
    .where(and(eq(clientCompanyAssignments.clientCompanyId, companyPk), eq(clientCompanies.firmId, firmId)))
    .orderBy(asc(firmMembers.pk));
  const admins = await db
    .select({ email: users.email })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.role, 'FIRM_ADMIN')))
    .orderBy(asc(firmMembers.pk));
  return { assigned: assigned.map((r) => r.email), admins: admins.map((r) => r.email) };
};

/** The firm's client companies (pk, name, and the emails of their client users), for mapping suggestions. */
export const findCompaniesForMapping = (db: Db, firmId: number) =>
  db
    .select({ pk: clientCompanies.pk, name: clientCompanies.name })
    .from(clientCompanies)
    .where(eq(clientCompanies.firmId, firmId))
    .orderBy(asc(clientCompanies.name), asc(clientCompanies.pk));

/** The emails of each company's client users: a Karbon contact with one of them is likely that client. */
export const findClientEmails = (db: Db, firmId: number) =>
  db
    .select({ companyPk: clientMemberships.clientCompanyId, email: users.email })
    .from(clientMemberships)
    .innerJoin(users, eq(users.pk, clientMemberships.userId))
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(eq(clientCompanies.firmId, firmId));
