import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientMemberships } from '../db/schema/index.js';

/** A person's membership of a client company (their role there), or null: whether they belong to it at all, whoever asks. */
export const findMembership = async (db: Db, companyPk: number, userPk: number) => {
  const [row] = await db
    .select()
    .from(clientMemberships)
    .where(and(eq(clientMemberships.clientCompanyId, companyPk), eq(clientMemberships.userId, userPk)));
  return row ?? null;
};
