import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communications, recurringSchedules } from '../../../db/schema/index.js';
import { createClientUser, createFirm, setSubscription } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { runOccurrenceBatch } from './occurrence-batch.job.js';
import { CATCH_UP_DAYS, sweepDueSchedules } from './occurrence.job.js';
import { addDays } from '../../../lib/calendar-days.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const content = { kind: 'NOTICE' as const, subject: 'Close the month', text: '', items: [], attachments: [], w9_vendor: '' };

/** A paying firm (UTC) with a daily schedule whose next date is `next`. */
const dailySchedule = async (next: string) => {
  const firm = await createFirm(t.db, { status: 'PAID' });
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
      startDate: '2026-01-01',
      nextOccurrenceDate: next,
      createdBy: firm.adminId,
    })
    .returning();
  return { firmId: firm.firmId, schedule: row! };
};

const datesOf = async (schedulePk: number) =>
  (await t.db.select().from(communications).where(eq(communications.recurringScheduleId, schedulePk))).map((c) => c.occurrenceDate).sort();
const nextDateOf = async (pk: number) => (await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, pk)))[0]!.nextOccurrenceDate;

const at = (iso: string) => ({ ...t.app.deps, now: () => new Date(iso) });
const drain = (deps: ReturnType<typeof at>) => t.app.deps.jobs.drain('recurring-batch', jobHandlers(deps)['recurring-batch']);

describe('a read-only firm’s schedules create nothing until it pays again', () => {
  it('the sweep leaves a lapsed firm’s schedule waiting; a batch queued before it lapsed writes nothing', async () => {
    const { firmId, schedule } = await dailySchedule('2026-06-10');
    const deps = at('2026-06-10T12:00:00Z');
    await sweepDueSchedules(deps);
    await setSubscription(t.db, firmId, 'CANCELLED');
    await drain(deps);
    expect(await runOccurrenceBatch(deps, { firmId, occurrences: [{ schedulePk: schedule.pk, date: '2026-06-10' }] })).toBe(0);
    // Every firm of this file so far is read-only: the sweep queues nothing at all.
    expect(await sweepDueSchedules(deps)).toBe(0);
    await drain(deps);
    expect(await datesOf(schedule.pk)).toEqual([]);
    expect(await nextDateOf(schedule.pk)).toBe('2026-06-10');
  });

  it('an ended trial counts as read-only too', async () => {
    const { firmId, schedule } = await dailySchedule('2026-06-10');
    await setSubscription(t.db, firmId, 'TRIAL', new Date('2026-06-01T00:00:00Z'));
    const deps = at('2026-06-10T12:00:00Z');
    expect(await sweepDueSchedules(deps)).toBe(0);
    await drain(deps);
    expect(await datesOf(schedule.pk)).toEqual([]);
  });

  it('back to paying after a short lapse: each date missed while read-only is created once', async () => {
    const { firmId, schedule } = await dailySchedule('2026-06-05');
    await setSubscription(t.db, firmId, 'TRIAL_EXPIRED');
    await sweepDueSchedules(at('2026-06-06T12:00:00Z'));
    await drain(at('2026-06-06T12:00:00Z'));
    await setSubscription(t.db, firmId, 'PAID');
    const back = at('2026-06-10T12:00:00Z');
    await sweepDueSchedules(back);
    await sweepDueSchedules(back);
    await drain(back);
    expect(await datesOf(schedule.pk)).toEqual(['2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10']);
    expect(await nextDateOf(schedule.pk)).toBe('2026-06-11');
  });

  it('back after a long lapse: dates older than the catch-up window are skipped, as after downtime', async () => {
    const { firmId, schedule } = await dailySchedule('2026-04-01');
    await setSubscription(t.db, firmId, 'CANCELLED');
    await sweepDueSchedules(at('2026-05-01T12:00:00Z'));
    await setSubscription(t.db, firmId, 'PAID');
    const back = at('2026-06-10T12:00:00Z');
    await sweepDueSchedules(back);
    await drain(back);
    const dates = await datesOf(schedule.pk);
    expect(dates[0]).toBe(addDays('2026-06-10', -CATCH_UP_DAYS));
    expect(dates).toHaveLength(CATCH_UP_DAYS + 1);
  });
});

describe('with billing off', () => {
  it('a firm whose stored subscription lapsed still has its schedules run', async () => {
    const off = await createTestApp({ billing: { ...t.app.deps.config.billing, mode: 'off' } });
    try {
      const firm = await createFirm(off.db, { status: 'CANCELLED' });
      const client = await createClientUser(off.db, firm.firmId);
      const [schedule] = await off.db
        .insert(recurringSchedules)
        .values({
          firmId: firm.firmId,
          clientCompanyId: client.companyId,
          content,
          frequency: 'WEEKLY',
          weekdays: ['WE'],
          startDate: '2026-06-10',
          nextOccurrenceDate: '2026-06-10',
        })
        .returning();
      const deps = { ...off.app.deps, now: () => new Date('2026-06-10T12:00:00Z') };
      await sweepDueSchedules(deps);
      await off.app.deps.jobs.drain('recurring-batch', jobHandlers(deps)['recurring-batch']);
      expect((await off.db.select().from(communications).where(eq(communications.recurringScheduleId, schedule!.pk))).map((c) => c.occurrenceDate)).toEqual([
        '2026-06-10',
      ]);
    } finally {
      await off.close();
    }
  });
});
