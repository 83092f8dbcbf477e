import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communicationItems, communications, notifications, recurringOccurrences, recurringSchedules } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { runOccurrenceBatch } from './occurrence-batch.job.js';
import { BATCH_SIZE, CATCH_UP_DAYS, runOccurrence, sweepDueSchedules } from './occurrence.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const now = new Date('2026-06-10T12:00:00Z');
const deps = () => ({ ...t.app.deps, now: () => now });
const content = {
  kind: 'REQUEST' as const,
  subject: 'Month-end papers',
  text: 'Please send them.',
  items: [
    { label: 'Bank statement', answer_kind: 'FILES' as const, required: true },
    { label: 'Anything unusual?', answer_kind: 'TEXT' as const, required: false },
  ],
  attachments: [] as number[],
  w9_vendor: '',
};

/** A firm (UTC) with one company and `n` daily schedules whose next date is `next`. */
const firmWithDailySchedules = async (n: number, next: string, scheduleContent = content) => {
  const firm = await createFirm(t.db);
  const client = await createClientUser(t.db, firm.firmId);
  const rows = await t.db
    .insert(recurringSchedules)
    .values(
      Array.from({ length: n }, () => ({
        firmId: firm.firmId,
        clientCompanyId: client.companyId,
        content: scheduleContent,
        dueDays: 5,
        frequency: 'WEEKLY' as const,
        weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
        startDate: '2026-01-01',
        nextOccurrenceDate: next,
        createdBy: firm.adminId,
      })),
    )
    .returning();
  return { firm, schedules: rows.map((r) => r.pk) };
};

const communicationsOf = (schedulePks: number[]) =>
  t.db
    .select()
    .from(communications)
    .where(inArray(communications.recurringScheduleId, schedulePks))
    .orderBy(asc(communications.recurringScheduleId), asc(communications.occurrenceDate));

const occurrencesOf = (schedulePks: number[]) => t.db.select().from(recurringOccurrences).where(inArray(recurringOccurrences.scheduleId, schedulePks));

const nextDateOf = async (pk: number) => (await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, pk)))[0]!.nextOccurrenceDate;

const drainBatches = () => t.app.deps.jobs.drain('recurring-batch', jobHandlers(deps())['recurring-batch']);

const pairs = (schedulePks: number[], dates: string[]) => schedulePks.flatMap((schedulePk) => dates.map((date) => ({ schedulePk, date })));

describe('the client hears of each request a schedule writes', () => {
  it('one notification per request for the company’s client user, once whatever the retries; the firm is not told of its own', async () => {
    const { firm, schedules } = await firmWithDailySchedules(2, '2026-06-09');
    const batch = { firmId: firm.firmId, occurrences: pairs(schedules, ['2026-06-09', '2026-06-10']) };
    await Promise.all([runOccurrenceBatch(deps(), batch), runOccurrenceBatch(deps(), batch)]);
    await runOccurrenceBatch(deps(), batch);
    const made = await communicationsOf(schedules);
    const told = await t.db.select().from(notifications).where(eq(notifications.firmId, firm.firmId)).orderBy(asc(notifications.targetPk));
    expect(told.map((n) => [n.kind, n.targetType, n.targetPk, n.title])).toEqual(
      made
        .map((c) => c.pk)
        .sort((a, b) => a - b)
        .map((pk) => ['REQUEST_CREATED', 'COMMUNICATION', pk, 'New request: Month-end papers']),
    );
    expect(new Set(told.map((n) => n.userId)).size).toBe(1);
    expect(told.some((n) => n.userId === firm.adminId)).toBe(false);
  });
});

describe('a batch job writes each date once, with everything a communication has', () => {
  it('two workers racing on the same and overlapping batches write each date once', async () => {
    const { firm, schedules } = await firmWithDailySchedules(3, '2026-06-08');
    const all = { firmId: firm.firmId, occurrences: pairs(schedules, ['2026-06-08', '2026-06-09', '2026-06-10']) };
    const firstHalf = { firmId: firm.firmId, occurrences: all.occurrences.slice(0, 5) };
    const written = await Promise.all([runOccurrenceBatch(deps(), all), runOccurrenceBatch(deps(), all), runOccurrenceBatch(deps(), firstHalf)]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(9);

    const made = await communicationsOf(schedules);
    expect(made.map((c) => `${c.recurringScheduleId}:${c.occurrenceDate}`)).toEqual(all.occurrences.map((o) => `${o.schedulePk}:${o.date}`));
    expect(made.every((c) => c.status === 'PROCESSING' && c.sender === 'ACCOUNTANT' && c.subject === 'Month-end papers')).toBe(true);
    expect(made.find((c) => c.occurrenceDate === '2026-06-09')!.dueDate).toBe('2026-06-14');
    // Each occurrence row points at its own communication; each communication has its checklist in order and one audit entry.
    const occurrences = await occurrencesOf(schedules);
    expect(new Set(occurrences.map((o) => o.communicationId))).toEqual(new Set(made.map((c) => c.pk)));
    const items = await t.db
      .select()
      .from(communicationItems)
      .where(
        inArray(
          communicationItems.communicationId,
          made.map((c) => c.pk),
        ),
      )
      .orderBy(asc(communicationItems.communicationId), asc(communicationItems.position));
    expect(items).toHaveLength(18);
    expect(items.slice(0, 2).map((i) => i.label)).toEqual(['Bank statement', 'Anything unusual?']);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.firmId, firm.firmId), eq(auditLog.action, 'communication.create')));
    expect(audits).toHaveLength(9);
    expect(audits.find((a) => a.targetPk === made[0]!.pk)!.details).toMatchObject({ schedule: schedules[0], occurrence_date: '2026-06-08' });
    for (const pk of schedules) expect(await nextDateOf(pk)).toBe('2026-06-11');
  });

  it('a batch whose dates partly exist writes only the missing ones and leaves the others as they were', async () => {
    const { firm, schedules } = await firmWithDailySchedules(1, '2026-06-08');
    const [pk] = schedules as [number];
    await runOccurrence(deps(), { schedulePk: pk, date: '2026-06-09' });
    const [before] = await communicationsOf(schedules);
    const written = await runOccurrenceBatch(deps(), { firmId: firm.firmId, occurrences: pairs(schedules, ['2026-06-08', '2026-06-09', '2026-06-10']) });
    expect(written).toBe(2);
    const made = await communicationsOf(schedules);
    expect(made.map((c) => c.occurrenceDate)).toEqual(['2026-06-08', '2026-06-09', '2026-06-10']);
    expect(made[1]).toEqual(before);
    expect(await occurrencesOf(schedules)).toHaveLength(3);
    expect(await nextDateOf(pk)).toBe('2026-06-11');
  });

  it('a batch names its firm: another firm’s schedule in it is not written', async () => {
    const mine = await firmWithDailySchedules(1, '2026-06-10');
    const theirs = await firmWithDailySchedules(1, '2026-06-10');
    await runOccurrenceBatch(deps(), { firmId: mine.firm.firmId, occurrences: pairs([...mine.schedules, ...theirs.schedules], ['2026-06-10']) });
    expect(await communicationsOf(mine.schedules)).toHaveLength(1);
    expect(await communicationsOf(theirs.schedules)).toHaveLength(0);
  });

  it('a schedule whose content is refused keeps its dates without a communication; the rest of the batch is written', async () => {
    const warnings: object[] = [];
    const broken = await firmWithDailySchedules(1, '2026-06-10', { ...content, attachments: [2_000_000_000] });
    const { pk: _brokenPk, ...brokenRow } = (await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, broken.schedules[0]!)))[0]!;
    const [fine] = await t.db
      .insert(recurringSchedules)
      .values({ ...brokenRow, content })
      .returning();
    const batch = { firmId: broken.firm.firmId, occurrences: pairs([broken.schedules[0]!, fine!.pk], ['2026-06-10']) };
    await runOccurrenceBatch({ ...deps(), log: { warn: (details) => warnings.push(details) } }, batch);
    expect(await communicationsOf(broken.schedules)).toHaveLength(0);
    expect((await occurrencesOf(broken.schedules))[0]!.communicationId).toBeNull();
    expect(await communicationsOf([fine!.pk])).toHaveLength(1);
    expect(warnings).toEqual([expect.objectContaining({ schedulePk: broken.schedules[0], fields: { attachments: ['File is not valid.'] } })]);
    expect(await nextDateOf(broken.schedules[0]!)).toBe('2026-06-11');
  });
});

describe('the sweep queues batches of one firm', () => {
  it('after downtime, many schedules’ missed dates are cut into batches that keep a schedule whole, and each date is written once', async () => {
    // Daily schedules ten days behind (eleven dates each), enough of them that their dates need two batches.
    const perSchedule = 11;
    const count = Math.floor(BATCH_SIZE / perSchedule) + 2;
    const { schedules } = await firmWithDailySchedules(count, '2026-05-31');
    const queued = await sweepDueSchedules(deps());
    expect(queued).toBeGreaterThanOrEqual(count * perSchedule);
    // A second sweep before the workers ran (another worker's clock): the batches' keys keep one waiting each.
    await sweepDueSchedules(deps());
    const ran = await Promise.all([drainBatches(), drainBatches()]);
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(2);
    const made = await communicationsOf(schedules);
    expect(made).toHaveLength(count * perSchedule);
    expect(new Set(made.map((c) => `${c.recurringScheduleId}:${c.occurrenceDate}`)).size).toBe(count * perSchedule);
    for (const pk of schedules) expect(await nextDateOf(pk)).toBe('2026-06-11');
    // Later sweeps find nothing due.
    await sweepDueSchedules(deps());
    await drainBatches();
    expect(await communicationsOf(schedules)).toHaveLength(count * perSchedule);
  });

  it('a schedule more than the catch-up window late gets only the dates inside it', async () => {
    const { schedules } = await firmWithDailySchedules(1, '2026-03-01');
    await sweepDueSchedules(deps());
    await drainBatches();
    expect(await communicationsOf(schedules)).toHaveLength(CATCH_UP_DAYS + 1);
  });
});
