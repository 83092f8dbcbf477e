import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { createCommunication } from '../communications/communication-create.js';
import { addDays, dayAfter, isOccurrence, nextOccurrenceFrom, occurrencesBetween, todayIn } from './recurrence.js';
import { advanceNextOccurrence, claimOccurrence, scheduleForJob, schedulesDueBy, setOccurrenceCommunication } from './recurring.queries.js';
import { recurrenceOf } from './schedule-row.js';

/**
 * How far back the sweep catches up after the workers were down: an occurrence more than this many
 * days late is skipped, not sent. A request for a period a month gone is better written afresh than
 * arriving with a pile of others; anything within the month is still worth sending, once.
 */
export const CATCH_UP_DAYS = 31;

export interface OccurrenceDeps {
  db: Db;
  jobs: JobQueue;
  now?: () => Date;
  log?: { warn: (details: object, message: string) => void };
}

/** The job key of one date of one schedule: pg-boss keeps at most one waiting per key. */
export const occurrenceKey = (schedulePk: number, date: string) => `${schedulePk}:${date}`;

/**
 * The clocked sweep: every schedule whose next date has begun in its firm's zone gets one job per due
 * date (catching up after downtime, within `CATCH_UP_DAYS`). Queuing twice is harmless: the key keeps one
 * job waiting, and the occurrence's row keeps one communication. Returns how many jobs it asked for.
 */
export const sweepDueSchedules = async (deps: OccurrenceDeps): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  // No zone is more than a day ahead of UTC: tomorrow's UTC date bounds every firm's today.
  const due = await schedulesDueBy(deps.db, dayAfter(todayIn('UTC', now)));
  const jobs: { data: { schedulePk: number; date: string }; key: string }[] = [];
  for (const { schedule, timeZone } of due) {
    const today = todayIn(timeZone, now);
    const next = schedule.nextOccurrenceDate!;
    if (next > today) continue;
    const recurrence = recurrenceOf(schedule);
    const floor = addDays(today, -CATCH_UP_DAYS);
    const dates = occurrencesBetween(recurrence, next < floor ? floor : next, today);
    if (dates.length === 0) {
      // Every missed date was too old: move on to the next one still to come.
      await advanceNextOccurrence(deps.db, schedule.pk, today, nextOccurrenceFrom(recurrence, dayAfter(today)));
      continue;
    }
    for (const date of dates) jobs.push({ data: { schedulePk: schedule.pk, date }, key: occurrenceKey(schedule.pk, date) });
  }
  await deps.jobs.sendMany('recurring-occurrence', jobs);
  return jobs.length;
};

/**
 * One date of one schedule, created exactly once: the occurrence's row (UNIQUE on schedule and date)
 * and the communication are written in one transaction, so a second worker, a retry or a job queued
 * again finds the row and writes nothing. The schedule is read as it is now: an edit since the job was
 * queued applies (its content, or a date it no longer has), a deleted schedule creates nothing.
 */
export const runOccurrence = async (deps: OccurrenceDeps, data: { schedulePk: number; date: string }): Promise<void> => {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const found = await scheduleForJob(tx, data.schedulePk);
    if (!found || found.schedule.deletedAt) return;
    const { schedule, timeZone } = found;
    const recurrence = recurrenceOf(schedule);
    if (data.date > todayIn(timeZone, now) || !isOccurrence(recurrence, data.date)) return;
    const occurrencePk = await claimOccurrence(tx, schedule.pk, data.date);
    if (occurrencePk === null) return;
    await advanceNextOccurrence(tx, schedule.pk, data.date, nextOccurrenceFrom(recurrence, dayAfter(data.date)));
    try {
      const created = await createCommunication(tx, {
        firmId: schedule.firmId,
        clientCompanyPk: schedule.clientCompanyId,
        content: schedule.content,
        dueDate: schedule.dueDays === null ? null : addDays(data.date, schedule.dueDays),
        sender: 'ACCOUNTANT',
        authorPk: schedule.createdBy,
        occurrence: { schedulePk: schedule.pk, occurrenceDate: data.date },
      });
      await setOccurrenceCommunication(tx, occurrencePk, created.pk);
    } catch (err) {
      // Content the rules no longer accept (a shared file deleted since): retrying cannot help. The date is
      // kept as passed, without a communication, and said in the log; the schedule goes on with its next date.
      if (!(err instanceof ValidationError)) throw err;
      deps.log?.warn({ schedulePk: schedule.pk, date: data.date, fields: err.fields }, 'A recurring request could not be created from its schedule');
    }
  });
};
