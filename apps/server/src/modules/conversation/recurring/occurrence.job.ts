import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { runOccurrenceBatch, type OccurrenceBatch, type OccurrenceDeps } from './occurrence-batch.job.js';
import { nextOccurrenceFrom, occurrencesBetween } from './recurrence.rule.js';
import { addDays, dayAfter, todayIn } from '../../../lib/calendar-days.js';
import { advanceNextOccurrence, scheduleForJob, schedulesDueBy } from './recurring.queries.js';
import { recurrenceOf } from './schedule-row.rule.js';

export type { OccurrenceDeps } from './occurrence-batch.job.js';

/**
 * How far back the sweep catches up after the workers were down (or the firm was read-only): an occurrence more
 * than this many days late is skipped, not sent. A request for a period a month gone is better written afresh
 * than arriving with a pile of others; anything within the month is still worth sending, once.
 */
export const CATCH_UP_DAYS = 31;

/**
 * How many dates one `recurring-batch` job writes at most. Large enough that the per-job costs (fetching and
 * completing the job, the transaction) vanish, small enough that a transaction stays short and two workers
 * share a firm's thousands of dates.
 */
export const BATCH_SIZE = 200;

/** The job key of one date of one schedule: pg-boss keeps at most one waiting per key. */
export const occurrenceKey = (schedulePk: number, date: string) => `${schedulePk}:${date}`;

/** A batch's key: its firm and its first and last dates. Two sweeps that see the same dates make the same batches, and the key keeps one waiting. */
export const batchKey = (batch: OccurrenceBatch) => {
  const first = batch.occurrences[0]!;
  const last = batch.occurrences.at(-1)!;
  return `${batch.firmId}:${occurrenceKey(first.schedulePk, first.date)}-${occurrenceKey(last.schedulePk, last.date)}`;
};

/**
 * Cuts one firm's due dates (in schedule order) into batches of about `BATCH_SIZE`, never splitting a schedule:
 * its dates move its one pointer, so they belong to one transaction.
 */
const cutIntoBatches = (firmId: number, bySchedule: { schedulePk: number; date: string }[][]): OccurrenceBatch[] => {
  const batches: OccurrenceBatch[] = [];
  let current: OccurrenceBatch | null = null;
  for (const dates of bySchedule) {
    if (!current || current.occurrences.length + dates.length > BATCH_SIZE) {
      current = { firmId, occurrences: [] };
      batches.push(current);
    }
    current.occurrences.push(...dates);
  }
  return batches.filter((b) => b.occurrences.length > 0);
};

/**
 * The clocked sweep: every schedule whose next date has begun in its firm's zone has its due dates (catching up
 * after downtime, within `CATCH_UP_DAYS`) queued in `recurring-batch` jobs of one firm each. A read-only firm's
 * schedules are left as they are: when it pays again, the next sweep catches up within the same window. Queuing
 * twice is harmless: the key keeps one job waiting, and the occurrences' rows keep one communication a date.
 * Returns how many dates it queued.
 */
export const sweepDueSchedules = async (deps: OccurrenceDeps): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  // No zone is more than a day ahead of UTC: tomorrow's UTC date bounds every firm's today.
  const due = await schedulesDueBy(deps.db, dayAfter(todayIn('UTC', now)));
  const firms = new Map<number, { schedulePk: number; date: string }[][]>();
  for (const { schedule, timeZone, subscription } of due) {
    const today = todayIn(timeZone, now);
    const next = schedule.nextOccurrenceDate!;
    if (next > today || subscriptionIsReadOnly(deps.config?.billing, subscription, now)) continue;
    const recurrence = recurrenceOf(schedule);
    const floor = addDays(today, -CATCH_UP_DAYS);
    const dates = occurrencesBetween(recurrence, next < floor ? floor : next, today);
    if (dates.length === 0) {
      // Every missed date was too old: move on to the next one still to come.
      await advanceNextOccurrence(deps.db, schedule.pk, today, nextOccurrenceFrom(recurrence, dayAfter(today)));
      continue;
    }
    const ofFirm = firms.get(schedule.firmId) ?? [];
    ofFirm.push(dates.map((date) => ({ schedulePk: schedule.pk, date })));
    firms.set(schedule.firmId, ofFirm);
  }
  const batches = [...firms].flatMap(([firmId, bySchedule]) => cutIntoBatches(firmId, bySchedule));
  await deps.jobs.sendMany(
    'recurring-batch',
    batches.map((data) => ({ data, key: batchKey(data) })),
  );
  return batches.reduce((sum, b) => sum + b.occurrences.length, 0);
};

/**
 * One date of one schedule (a schedule created with a date already due, or a job queued before batches):
 * the batch of that one date, in the schedule's firm.
 */
export const runOccurrence = async (deps: OccurrenceDeps, data: { schedulePk: number; date: string }): Promise<void> => {
  const found = await scheduleForJob(deps.db, data.schedulePk);
  if (found) await runOccurrenceBatch(deps, { firmId: found.schedule.firmId, occurrences: [data] });
};
