import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communications, recurringSchedules } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createClientUser, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { addDays, todayIn } from '../../../lib/calendar-days.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t.db, newClient);
  companyPk = cast.clientUser.companyId;
  today = todayIn('America/New_York', new Date());
});
afterAll(async () => t?.close());

const CREATE = 'accounting/recurring-schedule/create/';
const update = (pk: number) => `accounting/recurring-schedule/update/${pk}/`;
const remove = (pk: number) => `accounting/recurring-schedule/delete/${pk}/`;
const list = (company: number) => `accounting/accountant/client-company/${company}/recurring-schedule/list/`;
const simpleList = (company: number) => `accounting/accountant/client-company/${company}/recurring-schedule/simple-list/`;
const produced = (pk: number) => `accounting/communication/recurring/${pk}/`;
const upcoming = (company: number) => `accounting/accountant/client-company/${company}/communications/recurring-list/`;
const clientUpcoming = (company: number) => `accounting/client/company/${company}/communications/recurring-list/`;

const content = { kind: 'REQUEST', subject: 'Monthly statements', items: [{ label: 'Bank statement', answer_kind: 'FILES' }] };
const monthlyBody = (extra: object = {}) => ({
  client_company: companyPk,
  content,
  due_days: 5,
  frequency: 'MONTHLY',
  day_of_month: 'LAST',
  start_date: addDays(today, 1),
  ...extra,
});

const create = async (extra: object = {}) => {
  const res = await cast.admin.post(CREATE, monthlyBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('creating a schedule', () => {
  it('answers the schedule with its next date, and writes an audit entry', async () => {
    const schedule = await create();
    expect(schedule).toMatchObject({
      client_company: companyPk,
      content: { kind: 'REQUEST', subject: 'Monthly statements', text: '', attachments: [], w9_vendor: '' },
      due_days: 5,
      frequency: 'MONTHLY',
      weekdays: [],
      day_of_month: 'LAST',
      end_date: null,
      occurrences_count: 0,
      created_by: expect.any(Number),
    });
    expect(schedule.next_occurrence >= addDays(today, 1)).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetPk, schedule.pk));
    expect(audit!.action).toBe('recurring.create');
  });

  it('starting today creates today’s request in the same answer, with its due date; the schedule points at tomorrow', async () => {
    const schedule = await create({ frequency: 'WEEKLY', day_of_month: null, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], start_date: today });
    expect(schedule).toMatchObject({ next_occurrence: addDays(today, 1), occurrences_count: 1 });
    const made = await t.db.select().from(communications).where(eq(communications.recurringScheduleId, schedule.pk));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ occurrenceDate: today, dueDate: addDays(today, 5), subject: 'Monthly statements', status: 'PROCESSING' });
    const occurrences = (await cast.admin.get(produced(schedule.pk))).json();
    expect(occurrences).toEqual([
      { occurrence_date: today, communication: made[0]!.pk, subject: 'Monthly statements', status: 'PROCESSING', created_at: expect.any(String) },
    ]);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ start_date: addDays(today, -1) }, { start_date: ['Start date cannot be in the past.'] }],
      [{ end_date: today, start_date: addDays(today, 3) }, { end_date: ['End date cannot be before the start date.'] }],
      [{ frequency: 'WEEKLY', day_of_month: null }, { weekdays: ['Weekdays must have at least 1 item.'] }],
      [{ frequency: 'WEEKLY', weekdays: ['MO'] }, { day_of_month: ['Only a monthly, quarterly or yearly schedule has a day of the month.'] }],
      [{ day_of_month: null }, { day_of_month: ['Day of month is required.'] }],
      [{ day_of_month: 32 }, { day_of_month: ['Day of month must be at most 31.'] }],
      [{ day_of_month: 'FIRST' }, { day_of_month: ['Day of month must be a day from 1 to 31 or LAST.'] }],
      [{ frequency: 'DAILY' }, { frequency: ['Frequency is not valid.'] }],
      [{ start_date: '2026-02-30' }, { start_date: ['Start date is not valid.'] }],
      [{ weekdays: ['XX'], frequency: 'WEEKLY', day_of_month: null }, { 'weekdays.0': ['Weekday is not valid.'] }],
      [{ due_days: -1 }, { due_days: ['Due days must be at least 0.'] }],
      [{ due_days: 1.5 }, { due_days: ['Due days must be a whole number.'] }],
      [{ due_days: 366 }, { due_days: ['Due days must be at most 365.'] }],
      [{ content: { kind: 'REQUEST', subject: 'No items' } }, { 'content.items': ['Items must have at least 1 item.'] }],
      [{ content: { ...content, attachments: [999999] } }, { 'content.attachments': ['Attachment is not valid.'] }],
      [{ client_company: 'x' }, { client_company: ['Client company is not valid.'] }],
    ];
    for (const [extra, errors] of cases) {
      const res = await cast.admin.post(CREATE, monthlyBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject(errors);
    }
  });

  it('another firm’s company is 404; a client cannot create one; a team member only for companies assigned to them', async () => {
    expect((await cast.otherFirmAdmin.post(CREATE, monthlyBody())).statusCode).toBe(404);
    expect((await cast.client.post(CREATE, monthlyBody())).statusCode).toBe(403);
    expect((await cast.teamMember.post(CREATE, monthlyBody())).statusCode).toBe(404);
    expect((await cast.anonymous.post(CREATE, monthlyBody())).statusCode).toBe(401);
  });
});

describe('changing and deleting a schedule', () => {
  it('an edit changes what comes next, never what was created', async () => {
    const schedule = await create({ frequency: 'WEEKLY', day_of_month: null, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], start_date: today });
    await t.runJobs();
    const res = await cast.admin.patch(update(schedule.pk), { content: { ...content, subject: 'Weekly receipts' }, weekdays: ['MO'], due_days: null });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json();
    expect(changed).toMatchObject({ content: { subject: 'Weekly receipts' }, weekdays: ['MO'], due_days: null, occurrences_count: 1 });
    // Today's is created already: the next date is a later Monday.
    expect(changed.next_occurrence > today).toBe(true);
    expect(new Date(`${changed.next_occurrence}T00:00:00Z`).getUTCDay()).toBe(1);
    const made = await t.db.select().from(communications).where(eq(communications.recurringScheduleId, schedule.pk));
    expect(made.map((c) => c.subject)).toEqual(['Monthly statements']);
    // An empty PATCH changes nothing.
    expect((await cast.admin.patch(update(schedule.pk), {})).json()).toMatchObject({ content: { subject: 'Weekly receipts' } });
  });

  it('checks the schedule as it would be after the change', async () => {
    const schedule = await create();
    const cases: [object, Record<string, string[]>][] = [
      [{ frequency: 'WEEKLY' }, { weekdays: ['Weekdays must have at least 1 item.'] }],
      [{ end_date: today }, { end_date: ['End date cannot be before the start date.'] }],
      [{ start_date: addDays(today, -3) }, { start_date: ['Start date cannot be in the past.'] }],
      [{ content: { kind: 'W9', subject: 'W-9' } }, { 'content.w9_vendor': ['Vendor is required.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await cast.admin.patch(update(schedule.pk), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject(errors);
    }
    // Weekly on Fridays, from the monthly schedule: the day of the month goes with the change.
    expect((await cast.admin.patch(update(schedule.pk), { frequency: 'WEEKLY', weekdays: ['FR'] })).json()).toMatchObject({ day_of_month: null, weekdays: ['FR'] });
  });

  it('deleting stops the schedule and keeps what it created', async () => {
    const schedule = await create({ frequency: 'WEEKLY', day_of_month: null, weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], start_date: today });
    await t.runJobs();
    expect((await cast.admin.delete(remove(schedule.pk))).statusCode).toBe(204);
    const [row] = await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, schedule.pk));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.nextOccurrenceDate).toBeNull();
    expect(await t.db.select().from(communications).where(eq(communications.recurringScheduleId, schedule.pk))).toHaveLength(1);
    expect((await cast.admin.delete(remove(schedule.pk))).statusCode).toBe(404);
    expect((await cast.admin.patch(update(schedule.pk), { due_days: 1 })).statusCode).toBe(404);
    const listed = (await cast.admin.get(list(companyPk))).json().results.map((s: { pk: number }) => s.pk);
    expect(listed).not.toContain(schedule.pk);
  });

  it('another firm’s, a client’s and an unassigned team member’s attempts are 404 or 403, and change nothing', async () => {
    const schedule = await create();
    for (const who of [cast.otherFirmAdmin, cast.teamMember]) {
      expect((await who.patch(update(schedule.pk), { due_days: 1 })).statusCode).toBe(404);
      expect((await who.delete(remove(schedule.pk))).statusCode).toBe(404);
      expect((await who.get(produced(schedule.pk))).statusCode).toBe(404);
    }
    expect((await cast.client.patch(update(schedule.pk), { due_days: 1 })).statusCode).toBe(403);
    expect((await cast.client.delete(remove(schedule.pk))).statusCode).toBe(403);
    expect((await cast.client.get(produced(schedule.pk))).statusCode).toBe(403);
    const [row] = await t.db.select().from(recurringSchedules).where(eq(recurringSchedules.pk, schedule.pk));
    expect(row).toMatchObject({ dueDays: 5, deletedAt: null });
  });
});

describe('reading schedules', () => {
  it('lists a company’s schedules newest first, a page at a time, and in a picker', async () => {
    const other = await createClientUser(t.db, cast.firm.firmId);
    const first = await create({ client_company: other.companyId });
    const second = await create({ client_company: other.companyId, frequency: 'YEARLY', day_of_month: 15, content: { kind: 'NOTICE', subject: 'Year end' } });
    const page = (await cast.admin.get(`${list(other.companyId)}?page_size=1`)).json();
    expect(page).toMatchObject({ count: 2, previous: null, results: [{ pk: second.pk }] });
    expect(page.next).toContain('page=2');
    expect((await cast.admin.get(simpleList(other.companyId))).json()).toEqual([
      { pk: first.pk, subject: 'Monthly statements', kind: 'REQUEST', frequency: 'MONTHLY' },
      { pk: second.pk, subject: 'Year end', kind: 'NOTICE', frequency: 'YEARLY' },
    ]);
    expect((await cast.admin.get(`${list(other.companyId)}?page=0`)).statusCode).toBe(400);
    for (const path of [list(other.companyId), simpleList(other.companyId)]) {
      expect((await cast.otherFirmAdmin.get(path)).statusCode).toBe(404);
      expect((await cast.teamMember.get(path)).statusCode).toBe(404);
      expect((await cast.client.get(path)).statusCode).toBe(403);
    }
  });

  it('the upcoming dates across a company’s schedules, soonest first, for staff and the company’s own client', async () => {
    const other = await createClientUser(t.db, cast.firm.firmId);
    const weekly = await create({ client_company: other.companyId, frequency: 'WEEKLY', day_of_month: null, weekdays: ['MO'], due_days: 2 });
    const monthly = await create({ client_company: other.companyId, day_of_month: 1, due_days: null });
    const dates = (await cast.admin.get(upcoming(other.companyId))).json() as { schedule: number; occurrence_date: string; due_date: string | null }[];
    expect(dates.length).toBeGreaterThanOrEqual(13 + 3);
    expect(dates.map((d) => d.occurrence_date)).toEqual([...dates.map((d) => d.occurrence_date)].sort());
    expect(dates.every((d) => d.occurrence_date > today && d.occurrence_date <= addDays(today, 92))).toBe(true);
    const firstWeekly = dates.find((d) => d.schedule === weekly.pk)!;
    expect(firstWeekly.due_date).toBe(addDays(firstWeekly.occurrence_date, 2));
    expect(dates.filter((d) => d.schedule === monthly.pk).every((d) => d.occurrence_date.endsWith('-01') && d.due_date === null)).toBe(true);

    const client = newClient();
    await client.post('users/login/', { email: other.email, password: 'correct-horse-battery' });
    expect((await client.get(clientUpcoming(other.companyId))).json()).toEqual(dates);
    // Another company's client, another firm: 404.
    expect((await cast.client.get(clientUpcoming(other.companyId))).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(upcoming(other.companyId))).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(clientUpcoming(other.companyId))).statusCode).toBe(404);
    expect((await cast.client.get(upcoming(other.companyId))).statusCode).toBe(403);
  });
});
