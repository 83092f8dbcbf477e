import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { communications, firms, subscriptions } from '../../../db/schema/index.js';

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

/** The hour of the firm's morning from which its clients are told of requests due today or overdue. */
export const CLIENT_DUE_NOTICE_HOUR = 8;

/**
 * Holds, in one statement for every firm, the client's notices of requests waiting on them that are due
 * today or overdue (by at most `overdueWindowDays`) in their firm's zone, once that zone's morning has
 * come: one row per active client user and kind, so each is held once, whatever the sweeps. None on one of
 * the company's reminder days (the reminder, sent as the day begins, lists the request with its due
 * date: one message a day). Answers the companies whose people now have notices to be sent.
 */
export const holdClientDueNotices = async (db: Db, now: Date, overdueWindowDays: number): Promise<number[]> => {
  const at = now.toISOString();
  const utc = at.slice(0, 10);
  const result = (await db.execute(sql`
    with local as (
      select c.pk, c.firm_id, c.client_company_id,
        case when c.due_date = (${at}::timestamptz at time zone f.time_zone)::date then 'DUE' else 'OVERDUE' end as kind
      from communications c
      join firms f on f.pk = c.firm_id
      join client_companies cc on cc.pk = c.client_company_id
      where c.status = 'PROCESSING' and not c.is_hidden and c.due_date is not null
        and c.due_date between ${utc}::date - ${overdueWindowDays + 2}::int and ${utc}::date + 1
        and c.due_date <= (${at}::timestamptz at time zone f.time_zone)::date
        and c.due_date >= (${at}::timestamptz at time zone f.time_zone)::date - ${overdueWindowDays}::int
        and extract(hour from (${at}::timestamptz at time zone f.time_zone)) >= ${CLIENT_DUE_NOTICE_HOUR}
        and not ((cc.reminder_schedule->>'enabled')::boolean
          and case when jsonb_typeof(cc.reminder_schedule->'weekdays') = 'array'
            then cc.reminder_schedule->'weekdays' @> to_jsonb(extract(dow from (${at}::timestamptz at time zone f.time_zone))::int)
            else f.reminder_weekday = extract(dow from (${at}::timestamptz at time zone f.time_zone))::int end)
    )
    insert into request_arrival_notices (communication_id, user_id, firm_id, client_company_id, kind)
    select l.pk, m.user_id, l.firm_id, l.client_company_id, l.kind
    from local l
    join client_memberships m on m.client_company_id = l.client_company_id
    join users u on u.pk = m.user_id and u.is_active
    on conflict do nothing
    returning client_company_id`)) as { rows: { client_company_id: number }[] };
  return [...new Set(result.rows.map((r) => r.client_company_id))];
};
