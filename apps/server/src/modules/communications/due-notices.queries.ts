import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communications, firms, subscriptions } from '../../db/schema/index.js';

/** The firm's today at `now`, in SQL, for the firm joined as `firms`. */
const firmToday = (now: Date) => sql`((${now.toISOString()}::timestamptz) at time zone ${firms.timeZone})::date`;

/** Waiting on the client (not answered, finished, cancelled or hidden), with a due date. */
const open = and(eq(communications.status, 'PROCESSING'), eq(communications.isHidden, false));

/**
 * Every request (of any firm) to tell the firm about at `now`: due today in its firm's zone and not told of
 * as due, or past its due date by at most `overdueWindowDays` and not told of as overdue. A request that
 * fell due while the workers were down is only overdue by now: it is told of as overdue, never as due.
 * The due-date range first (no zone is more than a day from UTC) keeps the read on the partial index.
 */
export const requestsToTellOf = (db: Db, now: Date, overdueWindowDays: number) => {
  const today = firmToday(now);
  const utc = now.toISOString().slice(0, 10);
  return db
    .select({
      pk: communications.pk,
      firmId: communications.firmId,
      companyPk: communications.clientCompanyId,
      subject: communications.subject,
      dueDate: sql<string>`${communications.dueDate}::text`,
      overdue: sql<boolean>`${communications.dueDate} < ${today}`,
      subscription: { status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt },
    })
    .from(communications)
    .innerJoin(firms, eq(firms.pk, communications.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, communications.firmId))
    .where(
      and(
        open,
        sql`${communications.dueDate} is not null`,
        sql`${communications.dueDate} between ${utc}::date - ${overdueWindowDays + 2}::int and ${utc}::date + 1`,
        or(
          sql`(${communications.dueDate} = ${today} and ${communications.dueNoticeFor} is distinct from ${communications.dueDate})`,
          sql`(${communications.dueDate} < ${today} and ${communications.dueDate} >= ${today} - ${overdueWindowDays}::int
            and ${communications.overdueNoticeFor} is distinct from ${communications.dueDate})`,
        ),
      ),
    )
    .orderBy(communications.pk);
};

/**
 * Claims telling of one request's due date (as due, or as overdue), in the caller's transaction: true for
 * exactly one caller however many sweeps race (the row's lock orders them; the second finds it told), and
 * only while the request still waits on the client with that due date. Telling of it as overdue marks it
 * told as due too: the due day has gone.
 */
export const claimDueNotice = async (tx: Db, pk: number, dueDate: string, overdue: boolean) => {
  const told = overdue ? communications.overdueNoticeFor : communications.dueNoticeFor;
  const rows = await tx
    .update(communications)
    .set(overdue ? { overdueNoticeFor: dueDate, dueNoticeFor: dueDate } : { dueNoticeFor: dueDate })
    .where(and(eq(communications.pk, pk), open, eq(communications.dueDate, dueDate), sql`${told} is distinct from ${dueDate}::date`))
    .returning({ pk: communications.pk });
  return rows.length > 0;
};
