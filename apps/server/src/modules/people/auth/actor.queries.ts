import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, firmMembers, firms } from '../../../db/schema/index.js';

// No tenant: these find the tenant itself, from the signed-in user's own id.

export const findMemberWithFirm = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ member: firmMembers, firm: firms })
    .from(firmMembers)
    .innerJoin(firms, eq(firms.pk, firmMembers.firmId))
    .where(eq(firmMembers.userId, userId));
  return row ?? null;
};

/** The firm of a client user's first company: clients belong to companies of one firm. */
export const findClientFirm = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ firm: firms })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .innerJoin(firms, eq(firms.pk, clientCompanies.firmId))
    .where(eq(clientMemberships.userId, userId))
    .orderBy(clientMemberships.pk)
    .limit(1);
  return row?.firm ?? null;
};
