import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { emailOptOuts, firmMembers, firms, subscriptions, users } from '../../../db/schema/index.js';

/** The member's zone: their own, or the firm's when they chose none. */
const zone = sql`coalesce(${firmMembers.digestTimeZone}, ${firms.timeZone})`;
const localNow = (now: Date) => sql`((${now.toISOString()}::timestamptz) at time zone ${zone})`;

/**
 * The firm members whose digest hour has passed today in their zone and whose run for today is not
 * claimed yet: active, not opted out of the digest. One query for every firm. A day whose hour passed
 * while no worker ran is not caught up: the date asked for is today's, so only today's digest goes.
 * The firm's subscription comes along for the caller to leave lapsed firms out.
 */
export const membersDueForDigest = (db: Db, now: Date) =>
  db
    .select({
      memberPk: firmMembers.pk,
      userId: firmMembers.userId,
      date: sql<string>`(${localNow(now)})::date::text`,
      status: subscriptions.status,
      trialEndsAt: subscriptions.trialEndsAt,
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .innerJoin(firms, eq(firms.pk, firmMembers.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, firms.pk))
    .where(
      and(
        eq(users.isActive, true),
        sql`extract(hour from ${localNow(now)}) >= ${firmMembers.digestHour}`,
        sql`(${firmMembers.lastDigestDate} is null or ${firmMembers.lastDigestDate} < (${localNow(now)})::date)`,
        sql`not exists (select 1 from ${emailOptOuts} o where o.user_id = ${firmMembers.userId} and o.kind = 'DIGEST')`,
      ),
    );

/** Who a digest goes to, what it is branded with, and the member's local date at `now`. */
export const findDigestMember = async (db: Db, memberPk: number, now: Date) => {
  const [row] = await db
    .select({
      memberPk: firmMembers.pk,
      today: sql<string>`(${localNow(now)})::date::text`,
      userId: users.pk,
      email: users.email,
      firstName: users.firstName,
      phone: users.phone,
      isActive: users.isActive,
      firmId: firmMembers.firmId,
      byText: firmMembers.digestByText,
      role: firmMembers.role,
      lastDigestAt: firmMembers.lastDigestAt,
      firmName: firms.companyName,
      mainColor: firms.mainColor,
      status: subscriptions.status,
      trialEndsAt: subscriptions.trialEndsAt,
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .innerJoin(firms, eq(firms.pk, firmMembers.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, firms.pk))
    .where(eq(firmMembers.pk, memberPk));
  return row ?? null;
};
export type DigestMember = NonNullable<Awaited<ReturnType<typeof findDigestMember>>>;

/**
 * Claims a member's digest for one of their local dates: true for exactly one caller, whichever worker
 * or retry comes first (the row's lock orders them; the second finds the date taken). A date before
 * one already claimed is refused too, so a job left over from a missed day sends nothing.
 */
export const claimDigestRun = async (db: Db, memberPk: number, date: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(firmMembers)
    .set({ lastDigestDate: date, lastDigestAt: now })
    .where(and(eq(firmMembers.pk, memberPk), sql`(${firmMembers.lastDigestDate} is null or ${firmMembers.lastDigestDate} < ${date})`))
    .returning({ pk: firmMembers.pk });
  return rows.length > 0;
};
