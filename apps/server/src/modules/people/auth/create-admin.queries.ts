import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmMembers, firms } from '../../../db/schema/index.js';

/**
 * The firm a user is an admin of, if any. The operator's command speaks for the whole installation,
 * so it looks across firms on purpose: it is never reached from a request.
 */
export const findAdminFirmOfUser = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ pk: firms.pk, name: firms.companyName })
    .from(firmMembers)
    .innerJoin(firms, eq(firms.pk, firmMembers.firmId))
    .where(and(eq(firmMembers.userId, userId), eq(firmMembers.role, 'FIRM_ADMIN')))
    .orderBy(asc(firms.pk))
    .limit(1);
  return row ?? null;
};
