import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { communications, firms, recurringOccurrences, recurringSchedules, subscriptions } from '../../../db/schema/index.js';

// Every query names the firm (and the company where it lists), except the job's, which are reached by a schedule's pk from the job queue.

const live = (firmId: number) => and(eq(recurringSchedules.firmId, firmId), isNull(recurringSchedules.deletedAt));

export const insertSchedule = async (db: Db, values: typeof recurringSchedules.$inferInsert) => {
  const [row] = await db.insert(recurringSchedules).values(values).returning();
  return row!;
};

export const findLiveSchedule = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.pk, pk), live(firmId)));
  return row ?? null;
};

export const updateSchedule = async (db: Db, firmId: number, pk: number, values: Partial<typeof recurringSchedules.$inferInsert>) => {
  const [row] = await db
    .update(recurringSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(recurringSchedules.pk, pk), live(firmId)))
    .returning();
  return row ?? null;
};

export const softDeleteSchedule = async (db: Db, firmId: number, pk: number) => {
  const rows = await db
    .update(recurringSchedules)
    .set({ deletedAt: new Date(), nextOccurrenceDate: null })
    .where(and(eq(recurringSchedules.pk, pk), live(firmId)))
    .returning({ pk: recurringSchedules.pk });
  return rows.length > 0;
};

export const listSchedules = (db: Db, firmId: number, companyPk: number, limit: number, offset: number) =>
  db
    .select()
    .from(recurringSchedules)
    .where(and(live(firmId), eq(recurringSchedules.clientCompanyId, companyPk)))
    .orderBy(desc(recurringSchedules.pk))
    .limit(limit)
    .offset(offset);

export const countSchedules = async (db: Db, firmId: number, companyPk: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(recurringSchedules)
    .where(and(live(firmId), eq(recurringSchedules.clientCompanyId, companyPk)));
  return row!.n;
};

/** How many occurrences each schedule created. */
export const occurrenceCounts = async (db: Db, schedulePks: number[]) => {
  if (schedulePks.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ pk: recurringOccurrences.scheduleId, n: count() })
    .from(recurringOccurrences)
    .where(sql`${recurringOccurrences.scheduleId} = any(${sql.param(schedulePks)}::int[])`)
    .groupBy(recurringOccurrences.scheduleId);
  return new Map(rows.map((r) => [r.pk, r.n]));
};

/** A company's live schedules, every one (the Scheduled screens and pickers: a company has a handful). */
export const companySchedules = (db: Db, firmId: number, companyPk: number) =>
  db
    .select()
    .from(recurringSchedules)
    .where(and(live(firmId), eq(recurringSchedules.clientCompanyId, companyPk)))
    .orderBy(asc(recurringSchedules.pk));

/** The schedule's occurrences, newest first, with the communication each became (null once deleted). */
export const scheduleOccurrences = (db: Db, firmId: number, schedulePk: number) =>
  db
    .select({
      occurrenceDate: recurringOccurrences.occurrenceDate,
      communicationId: recurringOccurrences.communicationId,
      subject: communications.subject,
      status: communications.status,
      createdAt: recurringOccurrences.createdAt,
    })
    .from(recurringOccurrences)
    .innerJoin(recurringSchedules, eq(recurringSchedules.pk, recurringOccurrences.scheduleId))
    .leftJoin(communications, and(eq(communications.pk, recurringOccurrences.communicationId), eq(communications.firmId, firmId)))
    .where(and(eq(recurringOccurrences.scheduleId, schedulePk), eq(recurringSchedules.firmId, firmId)))
    .orderBy(desc(recurringOccurrences.occurrenceDate))
    .limit(500);

/** The last date a schedule created, or null. */
export const lastOccurrenceDate = async (db: Db, schedulePk: number) => {
  const [row] = await db
    .select({ date: sql<string | null>`max(${recurringOccurrences.occurrenceDate})::text` })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.scheduleId, schedulePk));
  return row?.date ?? null;
};

// ——— the jobs ———

/**
 * Live schedules whose next date is on or before `latest` (tomorrow in UTC covers every zone's today), with their
 * firm's zone and subscription (a read-only firm's schedules wait).
 */
export const schedulesDueBy = (db: Db, latest: string) =>
  db
    .select({ schedule: recurringSchedules, timeZone: firms.timeZone, subscription: { status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt } })
    .from(recurringSchedules)
    .innerJoin(firms, eq(firms.pk, recurringSchedules.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, recurringSchedules.firmId))
    .where(and(isNull(recurringSchedules.deletedAt), lte(recurringSchedules.nextOccurrenceDate, latest)))
    .orderBy(asc(recurringSchedules.firmId), asc(recurringSchedules.pk));

/** The schedule a job names, deleted or not, with its firm's zone. */
export const scheduleForJob = async (db: Db, pk: number) => {
  const [row] = await db
    .select({ schedule: recurringSchedules, timeZone: firms.timeZone })
    .from(recurringSchedules)
    .innerJoin(firms, eq(firms.pk, recurringSchedules.firmId))
    .where(eq(recurringSchedules.pk, pk));
  return row ?? null;
};

/**
 * Locks a firm's schedules for a batch job, in pk order (so two batches that share schedules queue up rather than
 * deadlock), with the firm's zone and subscription. Deleted schedules are returned too: the caller skips them.
 */
export const lockSchedulesOfFirm = (db: Db, firmId: number, schedulePks: number[]) =>
  db
    .select({ schedule: recurringSchedules, timeZone: firms.timeZone, subscription: { status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt } })
    .from(recurringSchedules)
    .innerJoin(firms, eq(firms.pk, recurringSchedules.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, recurringSchedules.firmId))
    .where(and(eq(recurringSchedules.firmId, firmId), sql`${recurringSchedules.pk} = any(${sql.param(schedulePks)}::int[])`))
    .orderBy(asc(recurringSchedules.pk))
    .for('update', { of: recurringSchedules });

/**
 * Claims schedule dates in one insert: the rows created now, or none for a date created already (the UNIQUE on
 * schedule and date). Inserted in (schedule, date) order, as every batch does, so racing batches wait, never deadlock.
 */
export const claimOccurrences = async (db: Db, dates: { schedulePk: number; date: string }[]) => {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort((a, b) => a.schedulePk - b.schedulePk || a.date.localeCompare(b.date));
  const rows = await db
    .insert(recurringOccurrences)
    .values(sorted.map((d) => ({ scheduleId: d.schedulePk, occurrenceDate: d.date })))
    .onConflictDoNothing({ target: [recurringOccurrences.scheduleId, recurringOccurrences.occurrenceDate] })
    .returning({ pk: recurringOccurrences.pk, schedulePk: recurringOccurrences.scheduleId, date: recurringOccurrences.occurrenceDate });
  return rows;
};

/** Links each claimed occurrence to the communication it became, in one statement. */
export const setOccurrenceCommunications = async (db: Db, links: { occurrencePk: number; communicationPk: number }[]) => {
  if (links.length === 0) return;
  await db.execute(sql`
    update ${recurringOccurrences} set communication_id = v.communication_pk
    from (select unnest(${sql.param(links.map((l) => l.occurrencePk))}::int[]) as occurrence_pk,
                 unnest(${sql.param(links.map((l) => l.communicationPk))}::int[]) as communication_pk) v
    where ${recurringOccurrences.pk} = v.occurrence_pk`);
};

/** `advanceNextOccurrence` for many schedules in one statement, with the same guard against moving a pointer back. */
export const advanceNextOccurrences = async (db: Db, moves: { schedulePk: number; from: string; to: string | null }[]) => {
  if (moves.length === 0) return;
  await db.execute(sql`
    update ${recurringSchedules} set next_occurrence_date = v.to_date
    from (select unnest(${sql.param(moves.map((m) => m.schedulePk))}::int[]) as schedule_pk,
                 unnest(${sql.param(moves.map((m) => m.from))}::date[]) as from_date,
                 unnest(${sql.param(moves.map((m) => m.to))}::date[]) as to_date) v
    where ${recurringSchedules.pk} = v.schedule_pk and ${recurringSchedules.nextOccurrenceDate} <= v.from_date`);
};

/**
 * Moves a schedule's next date past `from` to `to` (null: ended), unless an edit or another job moved it
 * elsewhere meanwhile: only a pointer still at or before `from` moves, so jobs finishing out of order never move it back.
 */
export const advanceNextOccurrence = (db: Db, schedulePk: number, from: string, to: string | null) =>
  db
    .update(recurringSchedules)
    .set({ nextOccurrenceDate: to })
    .where(and(eq(recurringSchedules.pk, schedulePk), lte(recurringSchedules.nextOccurrenceDate, from)));
