import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communications, firms, recurringOccurrences, recurringSchedules } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { CATCH_UP_DAYS, runOccurrence, sweepDueSchedules } from './occurrence.job.js';
import { addDays } from '../../../lib/calendar-days.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const content = { kind: 'NOTICE' as const, subject: 'Close the month', text: '', items: [], attachments: [], w9_vendor: '' };

/** A firm in a zone with one company and a daily schedule whose next date is `next` (as if the workers had been down since). */
const dailySchedule = async (timeZone: string, start: string, next: string, end: string | null = null) => {
  const firm = await createFirm(t.db);
  await t.db.update(firms).set({ timeZone }).where(eq(firms.pk, firm.firmId));
  const client = await createClientUser(t.db, firm.firmId);
  const [row] = await t.db
    .insert(recurringSchedules)
    .values({
      firmId: firm.firmId,
      clientCompanyId: client.companyId,
      content,
      dueDays: null,
      frequency: 'WEEKLY',
      weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
      startDate: start,
      endDate: end,
      nextOccurrenceDate: next,
      createdBy: firm.adminId,
    })
    .returning();
  return row!;
};

const occurrenceDates = async (schedulePk: number) =>
  (await t.db.select().from(communications).where(eq(communications.recurringScheduleId, schedulePk))).map((c) => c.occurrenceDate).sort();

const drain = async () =>
  (await t.app.deps.jobs.drain('recurring-batch', jobHandlers(t.app.deps)['recurring-batch'])) +
  (await t.app.deps.jobs.drain('recurring-occurrence', jobHandlers(t.app.deps)['recurring-occurrence']));

describe('each date of a schedule is created exactly once', () => {
  it('after downtime, each missed date once; sweeping and draining again adds nothing', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const schedule = await dailySchedule('UTC', '2026-06-01', '2026-06-06');
    const deps = { ...t.app.deps, now: () => now };
    expect(await sweepDueSchedules(deps)).toBeGreaterThanOrEqual(5);
    // A second sweep (another worker's clock, or the next quarter hour) before the jobs ran: the keys hold one job each.
    await sweepDueSchedules(deps);
    await Promise.all([drain(), drain()]);
    expect(await occurrenceDates(schedule.pk)).toEqual(['2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10']);
    const [after] = await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, schedule.pk));
    expect(after!.nextOccurrenceDate).toBe('2026-06-11');
    // Later sweeps find it not due; running a finished date again writes nothing.
    await sweepDueSchedules(deps);
    await drain();
    await runOccurrence(deps, { schedulePk: schedule.pk, date: '2026-06-08' });
    expect(await occurrenceDates(schedule.pk)).toHaveLength(5);
    expect(await t.db.select().from(recurringOccurrences).where(eq(recurringOccurrences.scheduleId, schedule.pk))).toHaveLength(5);
  });

  it('two workers racing on the same dates create each once', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const schedule = await dailySchedule('UTC', '2026-06-01', '2026-06-08');
    const deps = { ...t.app.deps, now: () => now };
    const dates = ['2026-06-08', '2026-06-09', '2026-06-10'];
    await Promise.all([...dates, ...dates, ...dates].map((date) => runOccurrence(deps, { schedulePk: schedule.pk, date })));
    expect(await occurrenceDates(schedule.pk)).toEqual(dates);
  });

  it('dates more than the catch-up window late are skipped, the rest created once', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const schedule = await dailySchedule('UTC', '2026-01-01', '2026-04-01');
    await sweepDueSchedules({ ...t.app.deps, now: () => now });
    await drain();
    const dates = await occurrenceDates(schedule.pk);
    expect(dates[0]).toBe(addDays('2026-06-10', -CATCH_UP_DAYS));
    expect(dates).toHaveLength(CATCH_UP_DAYS + 1);
  });

  it('a date is due when it begins in the firm’s zone, not in UTC', async () => {
    // 03:00 UTC on the 10th is still the 9th in New York, already the 10th in Tokyo.
    const now = new Date('2026-06-10T03:00:00Z');
    const newYork = await dailySchedule('America/New_York', '2026-06-09', '2026-06-09');
    const tokyo = await dailySchedule('Asia/Tokyo', '2026-06-09', '2026-06-09');
    await sweepDueSchedules({ ...t.app.deps, now: () => now });
    await drain();
    expect(await occurrenceDates(newYork.pk)).toEqual(['2026-06-09']);
    expect(await occurrenceDates(tokyo.pk)).toEqual(['2026-06-09', '2026-06-10']);
  });

  it('creates nothing for a deleted schedule, a date past its end, or a date not yet begun', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const deps = { ...t.app.deps, now: () => now };
    const ended = await dailySchedule('UTC', '2026-06-01', '2026-06-08', '2026-06-08');
    await sweepDueSchedules(deps);
    await drain();
    expect(await occurrenceDates(ended.pk)).toEqual(['2026-06-08']);
    const [after] = await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, ended.pk));
    expect(after!.nextOccurrenceDate).toBeNull();

    const deleted = await dailySchedule('UTC', '2026-06-01', '2026-06-10');
    await sweepDueSchedules(deps);
    await t.db.update(recurringSchedules).set({ deletedAt: now }).where(eq(recurringSchedules.pk, deleted.pk));
    await drain();
    await runOccurrence(deps, { schedulePk: ended.pk, date: '2026-06-11' });
    expect(await occurrenceDates(deleted.pk)).toEqual([]);
    expect(await occurrenceDates(ended.pk)).toEqual(['2026-06-08']);
  });
});
