import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmMembers, users } from '../../../db/schema/index.js';

const memberColumns = {
  pk: firmMembers.pk,
  user: users.pk,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: firmMembers.role,
  lastLoginAt: users.lastLoginAt,
  mfaEnabled: firmMembers.mfaEnabled,
  isMfaSetup: firmMembers.isMfaSetup,
  mfaMethod: users.mfaMethod,
  defaultClientCompanyId: firmMembers.defaultClientCompanyId,
  tours: firmMembers.tours,
};

export const listFirmMembers = (db: Db, firmId: number) =>
  db
    .select(memberColumns)
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(eq(firmMembers.firmId, firmId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(firmMembers.pk));

export const findFirmMember = async (db: Db, firmId: number, memberPk: number) => {
  const [row] = await db
    .select(memberColumns)
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));
  return row ?? null;
};

export const countFirmMembers = async (db: Db, firmId: number, role?: 'FIRM_ADMIN') => {
  const [row] = await db
    .select({ n: count() })
    .from(firmMembers)
    .where(and(eq(firmMembers.firmId, firmId), role ? eq(firmMembers.role, role) : undefined));
  return row?.n ?? 0;
};

export const updateFirmMember = (db: Db, firmId: number, memberPk: number, values: Partial<typeof firmMembers.$inferInsert>) =>
  db
    .update(firmMembers)
    .set(values)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));

/** The user behind a member of the firm: staff of another firm (or a client) is never matched. */
const staffOf = (firmId: number) => inArray(users.pk, sql`(select ${firmMembers.userId} from ${firmMembers} where ${firmMembers.firmId} = ${firmId})`);

/** Name and phone of a coworker, as the firm's admin edits them. */
export const updateMemberUserFields = (db: Db, firmId: number, userPk: number, values: Partial<{ firstName: string; lastName: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(staffOf(firmId), eq(users.pk, userPk)));

export const deleteUserOfMember = (db: Db, firmId: number, userPk: number) => db.delete(users).where(and(staffOf(firmId), eq(users.pk, userPk)));
