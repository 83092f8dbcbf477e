import { and, count, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, pendingInvitations, users } from '../../../db/schema/index.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';

/*
 * Left without a tenant on purpose: countOtherMemberships looks
 * at every firm a user belongs to (a client of one firm may not be invited by
 * another; an account with no company left is deleted), and return only
 * counts and firm ids. Memberships by company
 * are scoped by their company, which the service has checked is the firm's.
 */

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Client users with a membership in a company this firm user can see (optionally one company). */
const visibleMembershipsWhere = (actor: FirmActor, companyPk?: number): SQL =>
  and(visibleCompaniesWhere(actor), companyPk ? eq(clientCompanies.pk, companyPk) : undefined)!;

/** A person on the client users list: a client user, or a pending invitation (`pending`) under its reserved pk. */
export interface ListedClientUser {
  pk: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  accountType: 'CLIENT' | 'CLIENT_COWORKER';
  lastLoginAt: Date | null;
  neverText: boolean;
}

/**
 * The client users of the companies this firm user can see, and the people invited to them whose
 * invitation is pending (one entry per person, whatever the number of companies), in one order and one
 * count: the list cannot tell an invitation the job has taken up from one still pending.
 */
export const listVisibleClientUsers = async (
  db: Db,
  actor: FirmActor,
  filter: { companyPk?: number | undefined; search?: string | undefined; limit: number; offset: number },
) => {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const visible = visibleMembershipsWhere(actor, filter.companyPk);
  const people = sql`(
    select u.pk, u.email, u.first_name, u.last_name, u.phone, u.account_type::text as account_type, u.last_login_at, u.never_text
      from ${users} u
     where u.pk in (select ${clientMemberships.userId} from ${clientMemberships} join ${clientCompanies} on ${clientCompanies.pk} = ${clientMemberships.clientCompanyId} where ${visible})
    union all
    select p.user_pk, min(p.email), min(p.first_name), min(p.last_name), min(p.phone), min(p.role), null::timestamptz, false
      from ${pendingInvitations} p join ${clientCompanies} on ${clientCompanies.pk} = p.client_company_id
     where p.member_pk is null and ${visible}
     group by p.user_pk
  ) as people`;
  const searchWhere = pattern ? sql`where people.email ilike ${pattern} or (people.first_name || ' ' || people.last_name) ilike ${pattern}` : sql``;
  const total = (await db.execute(sql`select count(*)::int as n from ${people} ${searchWhere}`)) as { rows: { n: number }[] };
  const page = (await db.execute(
    sql`select * from ${people} ${searchWhere} order by lower(people.last_name), lower(people.first_name), people.pk limit ${filter.limit} offset ${filter.offset}`,
  )) as { rows: Record<string, unknown>[] };
  const rows: ListedClientUser[] = page.rows.map((r) => ({
    pk: Number(r.pk),
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    phone: String(r.phone),
    accountType: r.account_type as ListedClientUser['accountType'],
    lastLoginAt: r.last_login_at === null ? null : new Date(r.last_login_at as string),
    neverText: r.never_text === true,
  }));
  return { count: Number(total.rows[0]?.n ?? 0), rows };
};

/** The visible companies each of these pending people is invited to. */
export const findVisiblePendingMemberships = (db: Db, actor: FirmActor, userPks: number[]) =>
  userPks.length === 0
    ? Promise.resolve([])
    : db
        .select({
          userId: pendingInvitations.userPk,
          pk: clientCompanies.pk,
          name: clientCompanies.name,
          role: sql<'CLIENT' | 'CLIENT_COWORKER'>`${pendingInvitations.role}`,
        })
        .from(pendingInvitations)
        .innerJoin(clientCompanies, eq(clientCompanies.pk, pendingInvitations.clientCompanyId))
        .where(and(visibleMembershipsWhere(actor), isNull(pendingInvitations.memberPk), inArray(pendingInvitations.userPk, userPks)))
        .orderBy(clientCompanies.name);

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

/** Every company of the firm the user belongs to, visible to the asker or not. */
export const findCompanyPksOfUser = async (db: Db, firmId: number, userPk: number) =>
  (
    await db
      .select({ pk: clientCompanies.pk })
      .from(clientMemberships)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
      .where(and(eq(clientCompanies.firmId, firmId), eq(clientMemberships.userId, userPk)))
  ).map((r) => r.pk);

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

export const updateClientUserFields = (
  db: Db,
  firmId: number,
  userPk: number,
  values: Partial<{ firstName: string; lastName: string; phone: string; neverText: boolean }>,
) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(clientOfFirm(firmId), eq(users.pk, userPk)));

export const updateClientUserContacts = (db: Db, firmId: number, userPk: number, values: Partial<{ email: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(clientOfFirm(firmId), eq(users.pk, userPk)));
