import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { billingNotices, firmMembers, firms, subscriptions, users } from '../../../db/schema/index.js';

export type BillingNoticeKind = 'TRIAL_ENDING' | 'PAYMENT_FAILED' | 'READ_ONLY' | 'WRITABLE_AGAIN';

/** Claims one billing email for a firm; false when it was claimed before (another sweep, a repeated webhook). */
export const claimBillingNotice = async (db: Db, notice: { firmId: number; kind: BillingNoticeKind; key: string }) => {
  const rows = await db.insert(billingNotices).values(notice).onConflictDoNothing().returning({ key: billingNotices.key });
  return rows.length === 1;
};

/** Firms still on their trial whose end falls within `until` (and is not past). */
export const trialsEndingBy = (db: Db, now: Date, until: Date) =>
  db
    .select({ firmId: subscriptions.firmId, trialEndsAt: subscriptions.trialEndsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'TRIAL'), isNotNull(subscriptions.trialEndsAt), gt(subscriptions.trialEndsAt, now), lte(subscriptions.trialEndsAt, until)));

/** The firm's name, colour and zone, and its active admins: who billing emails go to. */
export const findFirmAdmins = async (db: Db, firmId: number) => {
  const [firm] = await db.select({ name: firms.companyName, mainColor: firms.mainColor, timeZone: firms.timeZone }).from(firms).where(eq(firms.pk, firmId));
  if (!firm) return null;
  const admins = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.role, 'FIRM_ADMIN'), eq(users.isActive, true)));
  return { firm, admins };
};
