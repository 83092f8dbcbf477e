import { and, asc, count, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, clientMemberships, firmMembers, users } from '../../db/schema/index.js';
import type { FirmActor } from '../auth/permissions.js';
import { visibleCompaniesWhere } from '../client-companies/client-companies.queries.js';

/*
 * Left without a tenant on purpose: countOtherMemberships and findFirmsOfUser look
 * at every firm a user belongs to (a client of one firm may not be invited by
 * another; an account with no company left is deleted), and return only
 * counts and firm ids. Memberships by company (findMembership, usersOfCompany)
 * are scoped by their company, which the service has checked is the firm's.
 */

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Client users with a membership in a company this firm user can see (optionally one company). */
const visibleMembershipsWhere = (actor: FirmActor, companyPk?: number): SQL =>
  and(visibleCompaniesWhere(actor), companyPk ? eq(clientCompanies.pk, companyPk) : undefined)!;

export const listVisibleClientUsers = async (
  db: Db,
  actor: FirmActor,
  filter: { companyPk?: number | undefined; search?: string | undefined; limit: number; offset: number },
) => {
  const search = filter.search
    ? or(ilike(users.email, `%${escapeLike(filter.search)}%`), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, `%${escapeLike(filter.search)}%`))
    : undefined;
  const userPks = db
    .selectDistinct({ pk: clientMemberships.userId })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(visibleMembershipsWhere(actor, filter.companyPk));
  const where = and(inArray(users.pk, userPks), search);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.pk))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
};

/** The visible companies each of these users belongs to. */
export const findVisibleMemberships = (db: Db, actor: FirmActor, userPks: number[]) =>
  userPks.length === 0
    ? Promise.resolve([])
    : db
        .select({ userId: clientMemberships.userId, pk: clientCompanies.pk, name: clientCompanies.name, role: clientMemberships.role })
        .from(clientMemberships)
        .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
        .where(and(visibleMembershipsWhere(actor), inArray(clientMemberships.userId, userPks)))
        .orderBy(clientCompanies.name);

export const findMembership = async (db: Db, companyPk: number, userPk: number) => {
  const [row] = await db
    .select()
    .from(clientMemberships)
    .where(and(eq(clientMemberships.clientCompanyId, companyPk), eq(clientMemberships.userId, userPk)));
  return row ?? null;
};

/** Every company of the firm the user belongs to, visible to the asker or not. */
export const findCompanyPksOfUser = async (db: Db, firmId: number, userPk: number) =>
  (
    await db
      .select({ pk: clientCompanies.pk })
      .from(clientMemberships)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
      .where(and(eq(clientCompanies.firmId, firmId), eq(clientMemberships.userId, userPk)))
  ).map((r) => r.pk);

export const insertMembership = (db: Db, values: typeof clientMemberships.$inferInsert) => db.insert(clientMemberships).values(values);

const companiesOfFirm = (firmId: number) => sql`(select ${clientCompanies.pk} from ${clientCompanies} where ${clientCompanies.firmId} = ${firmId})`;

/** The user is a client user of one of the firm's companies. */
const clientOfFirm = (firmId: number) =>
  inArray(users.pk, sql`(select ${clientMemberships.userId} from ${clientMemberships} where ${clientMemberships.clientCompanyId} in ${companiesOfFirm(firmId)})`);

const deleteMemberships = (db: Db, firmId: number, userPk: number, companyPks: number[]) =>
  companyPks.length === 0
    ? Promise.resolve()
    : db
        .delete(clientMemberships)
        .where(
          and(
            inArray(clientMemberships.clientCompanyId, companyPks),
            inArray(clientMemberships.clientCompanyId, companiesOfFirm(firmId)),
            eq(clientMemberships.userId, userPk),
          ),
        );

/** How many companies, of any firm, the user keeps beyond these. */
const countOtherMemberships = async (db: Db, userPk: number, companyPks: number[]) => {
  const [row] = await db
    .select({ n: count() })
    .from(clientMemberships)
    .where(and(eq(clientMemberships.userId, userPk), not(inArray(clientMemberships.clientCompanyId, companyPks))));
  return row?.n ?? 0;
};

/** The firms a user already belongs to, as firm staff or through client companies. */
export const findFirmsOfUser = async (db: Db, userPk: number) => {
  const staff = await db.select({ firmId: firmMembers.firmId }).from(firmMembers).where(eq(firmMembers.userId, userPk));
  const client = await db
    .selectDistinct({ firmId: clientCompanies.firmId })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(eq(clientMemberships.userId, userPk));
  return { staffFirmIds: staff.map((r) => r.firmId), clientFirmIds: client.map((r) => r.firmId) };
};

export const usersOfCompany = (db: Db, companyPk: number) =>
  db
    .select({ pk: users.pk, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(clientMemberships)
    .innerJoin(users, eq(users.pk, clientMemberships.userId))
    .where(eq(clientMemberships.clientCompanyId, companyPk));

/** Deletes a client user of the firm who has no company in any other firm (their memberships go with them). */
const deleteClientUser = (db: Db, firmId: number, userPk: number) =>
  db
    .delete(users)
    .where(
      and(
        eq(users.pk, userPk),
        clientOfFirm(firmId),
        sql`not exists (select 1 from ${clientMemberships} where ${clientMemberships.userId} = ${users.pk} and ${clientMemberships.clientCompanyId} not in ${companiesOfFirm(firmId)})`,
      ),
    );

/**
 * Takes away the user's access to these companies of the firm; a user left
 * with no company at all is deleted, which also ends their sessions.
 */
export const removeClientAccess = async (db: Db, firmId: number, userPk: number, companyPks: number[]) => {
  if ((await countOtherMemberships(db, userPk, companyPks)) === 0) {
    const deleted = await deleteClientUser(db, firmId, userPk).returning({ pk: users.pk });
    return { deleted: deleted.length > 0 };
  }
  await deleteMemberships(db, firmId, userPk, companyPks);
  return { deleted: false };
};

export const updateClientUserFields = (db: Db, firmId: number, userPk: number, values: Partial<{ firstName: string; lastName: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(clientOfFirm(firmId), eq(users.pk, userPk)));

export const updateClientUserContacts = (db: Db, firmId: number, userPk: number, values: Partial<{ email: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(clientOfFirm(firmId), eq(users.pk, userPk)));
