import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientCompanies, clientMemberships, firmMembers } from '../db/schema/index.js';

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
