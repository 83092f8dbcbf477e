import { recurrenceProblems, type Recurrence, type RecurringScheduleCreateBody, type RecurringScheduleUpdateBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { usableFiles } from '../communications/communications.face.js';
import { firmToday } from '../../firm/firm-settings/firm-settings.face.js';
import { writeOccurrenceBatch, type OccurrenceDeps } from './occurrence-batch.job.js';
import { queueArrivalNotices } from '../communications/communications.face.js';
import { occurrenceKey } from './occurrence.job.js';
import { nextOccurrenceFrom } from './recurrence.rule.js';
import { dayAfter } from '../../../lib/calendar-days.js';
import { findLiveSchedule, insertSchedule, lastOccurrenceDate, occurrenceCounts, softDeleteSchedule, updateSchedule } from './recurring.queries.js';
import { recurrenceOf, storedDayOfMonth } from './schedule-row.rule.js';
import { toSchedule } from './schedule.view.js';

export type ScheduleDeps = OccurrenceDeps;

const assertRecurrence = (recurrence: Recurrence) => {
  const problems = recurrenceProblems(recurrence);
  if (Object.keys(problems).length > 0) throw new ValidationError(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])));
};

/** Shared files must be the firm's or this company's (uploaded with `storage/file/create/`), as for a one-off request. */
const assertAttachments = async (db: Db, firmId: number, companyPk: number, attachments: number[]) => {
  const usable = new Set((await usableFiles(db, { firmId, companyPk }, attachments, { companyOnly: false, uploadedBy: null })).map((f) => f.pk));
  if (attachments.some((pk) => !usable.has(pk))) throw ValidationError.field('content.attachments', 'Attachment is not valid.');
};

/** A date already due (today's, say) is created now rather than at the next sweep; the key keeps it to one job. */
const queueIfDue = async (deps: ScheduleDeps, schedulePk: number, next: string | null, today: string) => {
  if (next !== null && next <= today) await deps.jobs.send('recurring-occurrence', { schedulePk, date: next }, occurrenceKey(schedulePk, next));
};

/**
 * A new schedule for a company the member sees. It may start today but not in
 * the past; a first date already due is created in the same transaction (the
 * accountant sees it in the list at once), exactly as the sweep would create it.
 */
export const createSchedule = async (deps: ScheduleDeps, actor: Actor, input: RecurringScheduleCreateBody) => {
  const firmActor = requireFirmActor(actor);
  await companyAccess(deps.db, actor, input.client_company, 'accountant');
  const today = await firmToday(deps.db, firmActor.firmId, deps.now?.() ?? new Date());
  if (input.start_date < today) throw ValidationError.field('start_date', 'Start date cannot be in the past.');
  await assertAttachments(deps.db, firmActor.firmId, input.client_company, input.content.attachments);
  const recurrence: Recurrence = {
    frequency: input.frequency,
    weekdays: input.weekdays,
    day_of_month: input.day_of_month,
    start_date: input.start_date,
    end_date: input.end_date,
  };
  const next = nextOccurrenceFrom(recurrence, input.start_date);
  const { row, created } = await deps.db.transaction(async (tx) => {
    const inserted = await insertSchedule(tx, {
      firmId: firmActor.firmId,
      clientCompanyId: input.client_company,
      content: input.content,
      dueDays: input.due_days,
      frequency: input.frequency,
      weekdays: input.weekdays,
      dayOfMonth: storedDayOfMonth(input.day_of_month),
      startDate: input.start_date,
      endDate: input.end_date,
      nextOccurrenceDate: next,
      createdBy: actor.userId,
    });
    await writeAudit(tx, { firmId: firmActor.firmId, actorUserId: actor.userId, action: 'recurring.create', targetType: 'recurring_schedule', targetPk: inserted.pk });
    if (next === null || next > today) return { row: inserted, created: 0 };
    const made = await writeOccurrenceBatch({ ...deps, db: tx }, { firmId: firmActor.firmId, occurrences: [{ schedulePk: inserted.pk, date: next }] });
    // The batch moved the schedule's next date on; a read-only firm's first date waits for the sweep, as every date does.
    return { row: (await findLiveSchedule(tx, firmActor.firmId, inserted.pk)) ?? inserted, created: made.created };
  });
  // Today's request is committed: its client's people are told by email and text.
  if (created > 0) await queueArrivalNotices(deps.jobs, [input.client_company]);
  return toSchedule(row, created);
};

/** A live schedule of the actor's firm, on a company they see; anything else is 404. */
const visibleSchedule = async (db: Db, actor: Actor, pk: number) => {
  const firmActor = requireFirmActor(actor);
  const row = await findLiveSchedule(db, firmActor.firmId, pk);
  if (!row) throw new NotFoundError();
  await companyAccess(db, actor, row.clientCompanyId, 'accountant');
  return { firmActor, row };
};

/**
 * Changes a schedule from now on: occurrences already created keep their communications as they were;
 * the next date is worked out again from today (or the day after the last one created, if later).
 */
export const updateScheduleOf = async (deps: ScheduleDeps, actor: Actor, { schedulePk: pk, ...input }: { schedulePk: number } & RecurringScheduleUpdateBody) => {
  const { firmActor, row } = await visibleSchedule(deps.db, actor, pk);
  if (Object.keys(input).length === 0) return toSchedule(row, (await occurrenceCounts(deps.db, [pk])).get(pk) ?? 0);
  const today = await firmToday(deps.db, firmActor.firmId, deps.now?.() ?? new Date());
  const current = recurrenceOf(row);
  const recurrence: Recurrence = {
    frequency: input.frequency ?? current.frequency,
    weekdays: input.weekdays ?? (input.frequency && input.frequency !== 'WEEKLY' ? [] : current.weekdays),
    day_of_month: input.day_of_month !== undefined ? input.day_of_month : input.frequency === 'WEEKLY' ? null : current.day_of_month,
    start_date: input.start_date ?? current.start_date,
    end_date: input.end_date !== undefined ? input.end_date : current.end_date,
  };
  assertRecurrence(recurrence);
  if (input.start_date !== undefined && input.start_date !== current.start_date && input.start_date < today) {
    throw ValidationError.field('start_date', 'Start date cannot be in the past.');
  }
  if (input.content) await assertAttachments(deps.db, firmActor.firmId, row.clientCompanyId, input.content.attachments);
  const last = await lastOccurrenceDate(deps.db, pk);
  let from = today > recurrence.start_date ? today : recurrence.start_date;
  if (last !== null && dayAfter(last) > from) from = dayAfter(last);
  const next = nextOccurrenceFrom(recurrence, from);
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await updateSchedule(tx, firmActor.firmId, pk, {
      content: input.content,
      dueDays: input.due_days,
      frequency: recurrence.frequency,
      weekdays: recurrence.weekdays,
      dayOfMonth: storedDayOfMonth(recurrence.day_of_month),
      startDate: recurrence.start_date,
      endDate: recurrence.end_date,
      nextOccurrenceDate: next,
    });
    if (!saved) throw new NotFoundError();
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'recurring.update',
      targetType: 'recurring_schedule',
      targetPk: pk,
      details: { fields: Object.keys(input) },
    });
    return saved;
  });
  await queueIfDue(deps, pk, next, today);
  return toSchedule(updated, (await occurrenceCounts(deps.db, [pk])).get(pk) ?? 0);
};

/** Stops a schedule: nothing more is created; the communications it created stay, with their answers. */
export const deleteSchedule = async (deps: ScheduleDeps, actor: Actor, { schedulePk: pk }: { schedulePk: number }): Promise<void> => {
  const { firmActor } = await visibleSchedule(deps.db, actor, pk);
  await deps.db.transaction(async (tx) => {
    if (!(await softDeleteSchedule(tx, firmActor.firmId, pk))) throw new NotFoundError();
    await writeAudit(tx, { firmId: firmActor.firmId, actorUserId: actor.userId, action: 'recurring.delete', targetType: 'recurring_schedule', targetPk: pk });
  });
};

export { visibleSchedule };
