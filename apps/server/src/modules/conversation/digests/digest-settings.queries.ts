import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmMembers, firms, users } from '../../../db/schema/index.js';

/** A firm member's digest hour and zone, with the firm's zone that a null zone follows. */
export const findDigestSchedule = async (db: Db, firmId: number, memberPk: number) => {
  const [row] = await db
    .select({ hour: firmMembers.digestHour, timeZone: firmMembers.digestTimeZone, byText: firmMembers.digestByText, firmTimeZone: firms.timeZone, phone: users.phone })
    .from(firmMembers)
    .innerJoin(firms, eq(firms.pk, firmMembers.firmId))
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));
  return row ?? null;
};

export const updateDigestSchedule = (db: Db, firmId: number, memberPk: number, values: { digestHour?: number; digestTimeZone?: string | null; digestByText?: boolean }) =>
  db
    .update(firmMembers)
    .set(values)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.pk, memberPk)));
