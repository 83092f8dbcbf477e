import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientCompanies, clientCompanyAssignments, clientMemberships, firmMembers, users } from '../db/schema/index.js';
import { firmCompanyPks } from './companies.queries.js';

/** A person's membership of a client company (their role there), or null: whether they belong to it at all, whoever asks. */
export const findMembership = async (db: Db, companyPk: number, userPk: number) => {
  const [row] = await db
    .select()
    .from(clientMemberships)
    .where(and(eq(clientMemberships.clientCompanyId, companyPk), eq(clientMemberships.userId, userPk)));
  return row ?? null;
};

/** Makes a person a member of a client company, with their role there. */
export const insertMembership = (db: Db, values: typeof clientMemberships.$inferInsert) => db.insert(clientMemberships).values(values);

/**
 * The firms a user belongs to, as staff and as a client. Across every firm on purpose (a client of one firm
 * may not be invited by another, nor a firm's own staff as its client); it returns firm ids only.
 */
export const findFirmsOfUser = async (db: Db, userPk: number) => {
  const staff = await db.select({ firmId: firmMembers.firmId }).from(firmMembers).where(eq(firmMembers.userId, userPk));
  const client = await db
    .selectDistinct({ firmId: clientCompanies.firmId })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(eq(clientMemberships.userId, userPk));
  return { staffFirmIds: staff.map((r) => r.firmId), clientFirmIds: client.map((r) => r.firmId) };
};

/** A company's client users, active or not (scoped by the company, which the caller has checked is the firm's). */
export const usersOfCompany = (db: Db, companyPk: number) =>
  db
    .select({ pk: users.pk, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(clientMemberships)
    .innerJoin(users, eq(users.pk, clientMemberships.userId))
    .where(eq(clientMemberships.clientCompanyId, companyPk));

/** Firm members (with name and email) assigned to each of the given companies of the firm. */
export const findAssignments = (db: Db, firmId: number, companyPks: number[]) =>
  companyPks.length === 0
    ? Promise.resolve([])
    : db
        .select({
          clientCompanyId: clientCompanyAssignments.clientCompanyId,
          pk: firmMembers.pk,
          /** The member's user (`pk` is their membership of the firm). */
          userId: users.pk,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(clientCompanyAssignments)
        .innerJoin(firmMembers, eq(firmMembers.pk, clientCompanyAssignments.firmMemberId))
        .innerJoin(users, eq(users.pk, firmMembers.userId))
        .where(and(eq(firmMembers.firmId, firmId), inArray(clientCompanyAssignments.clientCompanyId, firmCompanyPks(firmId, companyPks))))
        .orderBy(users.firstName, users.lastName);
