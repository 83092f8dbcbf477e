import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, firmMembers, firms, oneTimeCodes, subscriptions, users } from '../../../db/schema/index.js';
import { findClientFirm, findMemberWithFirm } from './actor.queries.js';

/*
 * No tenant here, on purpose: these run before there is one, or on the
 * signed-in user's own row. Users by email (sign-in, sign-up, invitations
 * check uniqueness across firms), users by pk from a session or a redeemed
 * code (findUserByPk, setPasswordHash, setLastLogin, expireUnusedCodes,
 * findBrandOfUser), one-time codes by hash or by their own pk. Another
 * firm's user is read through findUserOfFirm.
 */

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
};

export const findUserByPk = async (db: Db, pk: number) => {
  const [row] = await db.select().from(users).where(eq(users.pk, pk));
  return row ?? null;
};

/** The user is the firm's: one of its staff, or a client user of one of its companies. */
export const userOfFirmWhere = (firmId: number) =>
  or(
    inArray(users.pk, sql`(select ${firmMembers.userId} from ${firmMembers} where ${firmMembers.firmId} = ${firmId})`),
    inArray(
      users.pk,
      sql`(select ${clientMemberships.userId} from ${clientMemberships} join ${clientCompanies} on ${clientCompanies.pk} = ${clientMemberships.clientCompanyId} where ${clientCompanies.firmId} = ${firmId})`,
    ),
  )!;

export const findUserOfFirm = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(userOfFirmWhere(firmId), eq(users.pk, pk)));
  return row ?? null;
};

export const insertUser = async (db: Db, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

export const insertFirm = async (db: Db, values: typeof firms.$inferInsert) => {
  const [row] = await db.insert(firms).values(values).returning();
  return row!;
};

export const insertFirmMember = async (db: Db, values: typeof firmMembers.$inferInsert) => {
  const [row] = await db.insert(firmMembers).values(values).returning();
  return row!;
};

export const insertSubscription = (db: Db, values: typeof subscriptions.$inferInsert) => db.insert(subscriptions).values(values);

export const setPasswordHash = (db: Db, userId: number, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.pk, userId));

export const setLastLogin = (db: Db, userId: number) => db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.pk, userId));

/** The firm whose name and colour brand a user's emails: their own, or their client company's. */
export const findBrandOfUser = async (db: Db, userId: number) => {
  const firm = (await findMemberWithFirm(db, userId))?.firm ?? (await findClientFirm(db, userId));
  return { firmName: firm?.companyName ?? null, mainColor: firm?.mainColor ?? null };
};

/** The companies a user is known by: their firm's name, and for a client the names of the companies they belong to. */
export const findCompanyNamesOfUser = async (db: Db, userId: number): Promise<string[]> => {
  const { firmName } = await findBrandOfUser(db, userId);
  const companies = await db
    .select({ name: clientCompanies.name })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(eq(clientMemberships.userId, userId));
  return [...(firmName ? [firmName] : []), ...companies.map((c) => c.name)];
};

export const insertOneTimeCode = (db: Db, values: typeof oneTimeCodes.$inferInsert) => db.insert(oneTimeCodes).values(values);

export const findOneTimeCode = async (db: Db, codeHash: string) => {
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, codeHash));
  return row ?? null;
};

/** Marks a code used; false when another request used it first. */
export const claimOneTimeCode = async (db: Db, pk: number): Promise<boolean> => {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.pk, pk), isNull(oneTimeCodes.usedAt)))
    .returning({ pk: oneTimeCodes.pk });
  return rows.length === 1;
};

/**
 * After a password reset or change, no link mailed before it may still work: a
 * sign-in link in a mailbox the user no longer trusts would bypass the new password.
 */
export const expireUnusedCodes = (db: Db, userId: number) =>
  db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.usedAt)));

/** The firm's own user (staff or client user) with this email: a look-up that finds nobody of another firm. */
export const findUserOfFirmByEmail = async (db: Db, firmId: number, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(userOfFirmWhere(firmId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row ?? null;
};
