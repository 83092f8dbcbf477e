import type { KarbonSimulator } from '@herd/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientCompanyAssignments, clientMemberships, notifications, pushStates, users } from '../../../db/schema/index.js';
import { createClientUser, emailsTo, firmMemberPkOf, insertWaitingTransaction, signedInCast } from '../../../../test/factories.js';
import { clientMaker } from '../../../../test/client.js';
import type { TestApp } from '../../../../test/harness.js';
import { pasted, startKarbonWorld } from '../../../../test/karbon.js';
import { moveStatuses } from '../../books/transactions/status-writer.queries.js';
import { sweepKarbonEvents } from '../../firm/practice-management/karbon-delivery.job.js';
import { climbLadders } from './reminder-ladder.job.js';
import { companiesOnTheLadder } from './reminder-ladder.queries.js';
import { runCompanyReminder, type ReminderRunDeps } from './reminder-run.job.js';

/** The reminder ladder, step by step on a clock: email, a text days later, a call task days after that; an answer ends it. */
let sim: KarbonSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let tenant: string;
const texts: { to: string; body: string }[] = [];

// A Monday, noon in New York (the test firm's zone): the reminder day.
const MONDAY = new Date('2026-06-01T16:00:00Z');
const DAY = 86_400_000;
const day = (n: number) => new Date(MONDAY.getTime() + n * DAY);

const deps = (now: Date): ReminderRunDeps => ({
  ...t.app.deps,
  appUrl: t.app.deps.config.appUrl,
  replies: t.app.deps.config,
  sms: { reachesPhones: true, send: async (to, body) => void texts.push({ to, body }) },
  now: () => now,
});

/** A CSV company of the firm, assigned to its team member, with one client (a phone that takes texts) and one open question. */
const companyWithQuestion = async (name: string, phone: string) => {
  const created = await cast.admin.post('accounting/accountant/client-companies/create/', { name, connection_kind: 'CSV' });
  const companyPk: number = created.json().pk;
  const person = await createClientUser(t.db, cast.firm.firmId);
  await t.db.delete(clientMemberships).where(eq(clientMemberships.userId, person.userId));
  await t.db.insert(clientMemberships).values({ userId: person.userId, clientCompanyId: companyPk, role: 'CLIENT' });
  await t.db.update(users).set({ phone }).where(eq(users.pk, person.userId));
  await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: companyPk, firmMemberId: await firmMemberPkOf(t.db, cast.teamMemberId) });
  const question = await insertWaitingTransaction(t.db, companyPk, { amount: '52.99' });
  return { companyPk, person, question };
};

const run = (companyPk: number, now: Date, date: string) => runCompanyReminder(deps(now), { companyPk, date });
const textsTo = (phone: string) => texts.filter((x) => x.to === phone);
const callsFor = (companyPk: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientCompanyId, companyPk), eq(notifications.kind, 'CLIENT_CALL_DUE')));
const ladderOf = async (companyPk: number) => (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/reminder-ladder/`)).json();

beforeAll(async () => {
  ({ sim, t } = await startKarbonWorld({ tenants: [{ name: 'Practice', seed: { organizations: 3, contacts: 1 } }] }));
  tenant = sim.tenants()[0]!.tenantKey;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 83),
  );
  expect((await cast.admin.post('integrations/karbon/instance/', pasted(sim))).statusCode).toBe(201);
  const settings = (await cast.admin.get('integrations/karbon/settings/')).json().settings;
  // The call's work item is on by default; a work type makes it one of the firm's kinds of work.
  expect(settings.work_item_on_call_due).toBe(true);
  expect((await cast.admin.patch('integrations/karbon/settings/update/', { ...settings, work_type: 'Client Request' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('the reminder ladder', () => {
  it('emails first, texts after 2 days, asks the assigned accountant to call 5 days later (bell and Karbon work), each once', async () => {
    const { companyPk, person } = await companyWithQuestion('Ladder Co', '+1 415-555-0142');
    const organization = sim.organizations(tenant)[0]!;
    const linked = await cast.admin.post('integrations/karbon/organizations/mappings/', {
      client_company: companyPk,
      karbon_key: organization.OrganizationKey,
      karbon_type: 'Organization',
    });
    expect(linked.statusCode, linked.body).toBe(201);

    expect(await run(companyPk, MONDAY, '2026-06-01')).toBe(1);
    expect(await emailsTo(t.db, person.email)).toHaveLength(1);
    expect(textsTo('+14155550142')).toEqual([]);
    expect((await ladderOf(companyPk)).steps).toEqual([
      { step: 'EMAIL', state: 'DONE', at: MONDAY.toISOString() },
      { step: 'TEXT', state: 'PLANNED', at: day(2).toISOString() },
      { step: 'CALL', state: 'PLANNED', at: day(7).toISOString() },
    ]);

    await climbLadders(deps(day(1)), day(1));
    expect(textsTo('+14155550142')).toEqual([]);
    await climbLadders(deps(day(2)), day(2));
    await climbLadders(deps(day(3)), day(3));
    expect(textsTo('+14155550142')).toEqual([{ to: '+14155550142', body: expect.stringMatching(/^Test Firm: 1 transaction to answer for Ladder Co in Herd\./) }]);

    await climbLadders(deps(day(6)), day(6));
    expect(await callsFor(companyPk)).toEqual([]);
    await climbLadders(deps(day(7)), day(7));
    await climbLadders(deps(day(8)), day(8));
    const calls = await callsFor(companyPk);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ title: 'Call Ladder Co', text: 'Their questions have waited since Jun 1, through a reminder email and a text.' });
    const [member] = await t.db.select({ pk: users.pk }).from(users).where(eq(users.pk, cast.teamMemberId));
    expect(calls[0]!.userId).toBe(member!.pk);

    expect(await sweepKarbonEvents(t.app.deps)).toBe(1);
    const items = sim.workItems(tenant).filter((w) => String(w.Title).startsWith('Herd: call Ladder Co'));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ClientKey: organization.OrganizationKey, WorkType: 'Client Request' });
    expect(String(items[0]!.Description)).toContain('unanswered since Jun 1, 2026');

    const view = await ladderOf(companyPk);
    expect(view.steps.map((s: { state: string }) => s.state)).toEqual(['DONE', 'DONE', 'DONE']);
    // The next week's reminder goes on within the same stretch: no second text or call.
    await run(companyPk, day(7), '2026-06-08');
    await climbLadders(deps(day(10)), day(10));
    expect(textsTo('+14155550142')).toHaveLength(1);
    expect(await callsFor(companyPk)).toHaveLength(1);
  });

  it('stops the moment the client answers, and starts over from the next unanswered reminder', async () => {
    const { companyPk, person, question } = await companyWithQuestion('Answering Co', '+1 415-555-0143');
    await run(companyPk, MONDAY, '2026-06-01');
    // The client answers the next day; something else is still open, so only the answer can end the stretch.
    await moveStatuses(t.db, { firmId: cast.firm.firmId, companyPk, actorUserId: person.userId }, 'finish', [
      { row: { pk: question.pk, status: 'READY' }, to: 'FINISHED_IN_HERD', values: { categorizedBy: person.userId, categorizedAt: day(1) } },
    ]);
    await insertWaitingTransaction(t.db, companyPk, { date: '2026-05-21', amount: '9.00' });
    for (const n of [2, 3, 7, 8]) await climbLadders(deps(day(n)), day(n));
    expect(textsTo('+14155550143')).toEqual([]);
    expect(await callsFor(companyPk)).toEqual([]);
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
    expect(company!.unansweredSince).toBeNull();
    expect((await ladderOf(companyPk)).unanswered_since).toBeNull();
  });

  it('leaves a company whose steps are all taken or left out out of the sweep, and its schedule stops saying it is behind once the client answers', async () => {
    const { companyPk, person, question } = await companyWithQuestion('Quiet Steps Co', '+1 415-555-0147');
    await t.db
      .update(clientCompanies)
      .set({ reminderSchedule: { enabled: true, weekdays: null, text_after_days: null, call_after_days: null } })
      .where(eq(clientCompanies.pk, companyPk));
    await run(companyPk, MONDAY, '2026-06-01');
    expect((await companiesOnTheLadder(t.db)).map((c) => c.pk)).not.toContain(companyPk);
    expect((await ladderOf(companyPk)).unanswered_since).toBe(MONDAY.toISOString());
    await moveStatuses(t.db, { firmId: cast.firm.firmId, companyPk, actorUserId: person.userId }, 'finish', [
      { row: { pk: question.pk, status: 'READY' }, to: 'FINISHED_IN_HERD', values: { categorizedBy: person.userId, categorizedAt: day(1) } },
    ]);
    const view = await ladderOf(companyPk);
    expect(view.unanswered_since).toBeNull();
    expect(view.steps.map((s: { state: string }) => s.state)).toEqual(['PLANNED', 'OFF', 'OFF']);
  });

  it('never texts a person the firm marked so, and keeps a person in their quiet hours for later', async () => {
    const { companyPk, person } = await companyWithQuestion('Marked Co', '+1 415-555-0144');
    const quiet = await createClientUser(t.db, cast.firm.firmId);
    await t.db.insert(clientMemberships).values({ userId: quiet.userId, clientCompanyId: companyPk, role: 'CLIENT' });
    // Quiet every night from 21:00 to 08:00 in the firm's zone (New York): the text step first comes at night.
    await t.db.update(users).set({ phone: '+1 415-555-0145' }).where(eq(users.pk, quiet.userId));
    const marked = await cast.admin.patch(`accounting/accountant-client-user/${person.userId}/`, { never_text: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().never_text).toBe(true);
    await t.db.insert(pushStates).values({ userId: quiet.userId, quietStart: '21:00', quietEnd: '08:00' });
    await run(companyPk, MONDAY, '2026-06-01');
    const night = new Date('2026-06-04T03:00:00Z'); // 23:00 in New York
    await climbLadders(deps(night), night);
    expect(textsTo('+14155550145')).toEqual([]);
    expect((await ladderOf(companyPk)).steps[1].state).toBe('PLANNED');
    const morning = new Date('2026-06-04T14:00:00Z');
    await climbLadders(deps(morning), morning);
    expect(textsTo('+14155550145')).toHaveLength(1);
    expect(textsTo('+14155550144')).toEqual([]);
    const view = await ladderOf(companyPk);
    expect(view.steps[1]).toEqual({ step: 'TEXT', state: 'DONE', at: morning.toISOString() });
    const [named] = await t.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.pk, person.userId));
    expect(view.never_texted).toEqual([`${named!.first} ${named!.last}`]);
  });
});

describe('the schedule on the client’s page', () => {
  it('shows the next reminder day and the steps after it, follows the company’s settings, and is the firm’s own', async () => {
    const { companyPk } = await companyWithQuestion('Planned Co', '+1 415-555-0146');
    const update = await cast.admin.patch(`accounting/accountant/client-company/${companyPk}/update/`, {
      reminder_schedule: { enabled: true, weekdays: [3], text_after_days: 1, call_after_days: null },
    });
    expect(update.statusCode, update.body).toBe(200);
    const view = await ladderOf(companyPk);
    expect(view.enabled).toBe(true);
    expect(view.next_reminder).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${view.next_reminder}T12:00:00Z`).getUTCDay()).toBe(3);
    expect(view.steps).toEqual([
      { step: 'EMAIL', state: 'PLANNED', at: view.next_reminder },
      { step: 'TEXT', state: 'PLANNED', at: new Date(Date.parse(`${view.next_reminder}T00:00:00Z`) + DAY).toISOString().slice(0, 10) },
      { step: 'CALL', state: 'OFF', at: null },
    ]);
    const bad = await cast.admin.patch(`accounting/accountant/client-company/${companyPk}/update/`, {
      reminder_schedule: { enabled: true, weekdays: null, text_after_days: 31, call_after_days: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      'reminder_schedule.text_after_days': ['Text after must be between 0 and 30'],
      'reminder_schedule.call_after_days': ['Call after must be between 0 and 30'],
    });
    expect((await cast.otherFirmAdmin.get(`accounting/accountant/client-company/${companyPk}/reminder-ladder/`)).statusCode).toBe(404);
    expect((await cast.client.get(`accounting/accountant/client-company/${companyPk}/reminder-ladder/`)).statusCode).toBe(403);
    expect((await cast.anonymous.get(`accounting/accountant/client-company/${companyPk}/reminder-ladder/`)).statusCode).toBe(401);
  });
});
