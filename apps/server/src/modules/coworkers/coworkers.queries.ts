import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firmMembers, users } from '../../db/schema/index.js';

const memberColumns = {
  pk: firmMembers.pk,
  user: users.pk,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: firmMembers.role,
  lastLoginAt: users.lastLoginAt,
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

export const updateFirmMember = (db: Db, memberPk: number, values: Partial<typeof firmMembers.$inferInsert>) =>
  db.update(firmMembers).set(values).where(eq(firmMembers.pk, memberPk));

export const deleteUserOfMember = (db: Db, userPk: number) => db.delete(users).where(eq(users.pk, userPk));
