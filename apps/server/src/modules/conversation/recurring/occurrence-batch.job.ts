import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { createOccurrenceCommunications, occurrencePairKey, type ScheduleOccurrences } from '../communications/communications.face.js';
import { holdArrivalNotices, queueArrivalNotices } from '../communications/communications.face.js';
import { notifyScheduledCommunications } from '../../messaging/notifications/notifications.face.js';
import { isOccurrence, nextOccurrenceFrom } from './recurrence.rule.js';
import { addDays, dayAfter, todayIn } from '../../../lib/calendar-days.js';
import { advanceNextOccurrences, claimOccurrences, lockSchedulesOfFirm, setOccurrenceCommunications } from './recurring.queries.js';
import { recurrenceOf, type ScheduleRow } from './schedule-row.rule.js';

export interface OccurrenceDeps {
  db: Db;
  jobs: JobQueue;
  /** Billing off: no firm is ever read-only. Absent: the subscriptions decide, as with billing on. */
  config?: { billing: { mode: string } };
  now?: () => Date;
  log?: { warn: (details: object, message: string) => void };
}

export interface OccurrenceBatch {
  firmId: number;
  occurrences: { schedulePk: number; date: string }[];
}

type LockedSchedule = Awaited<ReturnType<typeof lockSchedulesOfFirm>>[number];

/**
 * The dates of the batch still to create, as the schedules are now: not for a deleted schedule, a read-only
 * firm (its dates wait until it pays again), a date not yet begun in the firm's zone, or a date the schedule
 * no longer has (edited since it was queued).
 */
const datesStillDue = (deps: OccurrenceDeps, locked: LockedSchedule[], batch: OccurrenceBatch, now: Date) => {
  const byPk = new Map(locked.map((row) => [row.schedule.pk, row]));
  return batch.occurrences.filter(({ schedulePk, date }) => {
    const row = byPk.get(schedulePk);
    if (!row || row.schedule.deletedAt || subscriptionIsReadOnly(deps.config?.billing, row.subscription, now)) return false;
    return date <= todayIn(row.timeZone, now) && isOccurrence(recurrenceOf(row.schedule), date);
  });
};

/** Each schedule's pointer moves past the latest date this batch created, to the schedule's next date (null once ended). */
const pointerMoves = (schedules: Map<number, ScheduleRow>, claimed: { schedulePk: number; date: string }[]) => {
  const latest = new Map<number, string>();
  for (const { schedulePk, date } of claimed) if (date > (latest.get(schedulePk) ?? '')) latest.set(schedulePk, date);
  return [...latest].map(([schedulePk, from]) => ({ schedulePk, from, to: nextOccurrenceFrom(recurrenceOf(schedules.get(schedulePk)!), dayAfter(from)) }));
};

/** The claimed dates grouped by schedule, with their due dates, as the communications are written. */
const bySchedule = (schedules: Map<number, ScheduleRow>, claimed: { schedulePk: number; date: string }[]): ScheduleOccurrences[] => {
  const groups = new Map<number, ScheduleOccurrences>();
  for (const { schedulePk, date } of claimed) {
    const schedule = schedules.get(schedulePk)!;
    let group = groups.get(schedulePk);
    if (!group) {
      group = { schedulePk, clientCompanyPk: schedule.clientCompanyId, content: schedule.content, authorPk: schedule.createdBy, dates: [] };
      groups.set(schedulePk, group);
    }
    group.dates.push({ date, dueDate: schedule.dueDays === null ? null : addDays(date, schedule.dueDays) });
  }
  return [...groups.values()];
};

/**
 * Many dates of one firm's schedules, each created exactly once, in one transaction of a few set-based
 * statements whatever the batch's size: lock the schedules, claim the dates (the UNIQUE on schedule and date
 * lets one run have each), move the pointers, write the communications, link them. A second worker, a retry or
 * a batch queued again waits on the locks, then finds the dates claimed and writes nothing.
 */
export const writeOccurrenceBatch = async (deps: OccurrenceDeps, batch: OccurrenceBatch): Promise<{ created: number; companyPks: number[] }> => {
  const now = deps.now?.() ?? new Date();
  const schedulePks = [...new Set(batch.occurrences.map((o) => o.schedulePk))];
  let companyPks: number[] = [];
  const created = await deps.db.transaction(async (tx) => {
    const locked = await lockSchedulesOfFirm(tx, batch.firmId, schedulePks);
    const claimed = await claimOccurrences(tx, datesStillDue(deps, locked, batch, now));
    if (claimed.length === 0) return 0;
    const schedules = new Map(locked.map((row) => [row.schedule.pk, row.schedule]));
    await advanceNextOccurrences(tx, pointerMoves(schedules, claimed));
    const groups = bySchedule(schedules, claimed);
    const { written, refused } = await createOccurrenceCommunications(tx, batch.firmId, groups);
    // Content the rules no longer accept (a shared file deleted since): retrying cannot help. Those dates are kept
    // as passed, without a communication, and said in the log; the schedule goes on with its next date.
    for (const { schedulePk, fields } of refused) deps.log?.warn({ schedulePk, fields }, 'A recurring request could not be created from its schedule');
    const links = claimed.flatMap(({ pk, schedulePk, date }) => {
      const communicationPk = written.get(occurrencePairKey(schedulePk, date));
      return communicationPk === undefined ? [] : [{ occurrencePk: pk, communicationPk }];
    });
    await setOccurrenceCommunications(tx, links);
    // The client's people hear of each new request as of one an accountant sends: in the bell in the same
    // transaction, by email and text from the jobs queued once it commits.
    await holdArrivalNotices(tx, batch.firmId, [...written.values()]);
    companyPks = groups.map((g) => g.clientCompanyPk);
    await notifyScheduledCommunications(
      tx,
      batch.firmId,
      groups.flatMap((g) =>
        g.dates.flatMap(({ date }) => {
          const pk = written.get(occurrencePairKey(g.schedulePk, date));
          const { kind, subject } = schedules.get(g.schedulePk)!.content;
          return pk === undefined ? [] : [{ pk, companyPk: g.clientCompanyPk, kind, subject }];
        }),
      ),
    );
    return claimed.length;
  });
  return { created, companyPks };
};

/**
 * `writeOccurrenceBatch` as a job runs it, on its own transaction: once the requests are committed,
 * the client's people are told of them by email and text (`request-arrival` jobs). Answers how many
 * dates it created. A caller inside a transaction of its own writes and queues itself, after its commit.
 */
export const runOccurrenceBatch = async (deps: OccurrenceDeps, batch: OccurrenceBatch): Promise<number> => {
  const { created, companyPks } = await writeOccurrenceBatch(deps, batch);
  await queueArrivalNotices(deps.jobs, companyPks);
  return created;
};
