import { DEFAULT_REMINDER_LADDER } from '@herd/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientCompanyAssignments,
  clientMemberships,
  communications,
  emailOptOuts,
  firms,
  notifications,
  outbox,
  pushDevices,
  transactions,
  users,
} from '../../../db/schema/index.js';
import { addFirmMember, createClientUser, createFirm, emailsTo, firmMemberPkOf, insertWaitingTransaction, uniqueEmail } from '../../../../test/factories.js';
import { clientMaker } from '../../../../test/client.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { restrictedCast } from '../../../../test/restricted.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { moveStatuses } from '../../books/transactions/status-writer.queries.js';
import { runCompanyReminder, sweepReminders, type ReminderRunDeps } from './reminder-run.job.js';
import { climbLadders } from './reminder-ladder.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const newClient = clientMaker(() => t.app, 7);

// Mondays and the days around them, at noon UTC (a Monday in New York too).
const MONDAY = new Date('2026-06-01T16:00:00Z');
const week = (n: number) => new Date(MONDAY.getTime() + n * 7 * 86_400_000);

const depsAt = (now: Date, extra: Partial<ReminderRunDeps> = {}): ReminderRunDeps => ({
  ...t.app.deps,
  appUrl: t.app.deps.config.appUrl,
  replies: t.app.deps.config,
  now: () => now,
  ...extra,
});

const drain = () => t.app.deps.jobs.drain('client-reminder', jobHandlers(t.app.deps)['client-reminder']);

const openTransaction = (companyPk: number, values: Partial<typeof transactions.$inferInsert> = {}) => insertWaitingTransaction(t.db, companyPk, values);

/** A firm with one client company, its CLIENT and one transaction waiting on them. */
const clientWithWork = async (name = 'Client Co') => {
  const firm = await createFirm(t.db);
  const client = await createClientUser(t.db, firm.firmId);
  await t.db.update(clientCompanies).set({ name }).where(eq(clientCompanies.pk, client.companyId));
  const tx = await openTransaction(client.companyId);
  return { firm, client, tx };
};

/** The client finishes a transaction, through the one status writer. */
const finish = async (firmId: number, companyPk: number, userPk: number, row: { pk: number; status: 'READY' }) =>
  moveStatuses(t.db, { firmId, companyPk, actorUserId: userPk }, 'finish', [{ row, to: 'FINISHED_IN_HERD' }]);

/** The ladder's text comes with the reminder email rather than days after it. */
const textWithTheEmail = (companyPk: number) =>
  t.db
    .update(clientCompanies)
    .set({ reminderSchedule: { enabled: true, weekdays: null, text_after_days: 0, call_after_days: null } })
    .where(eq(clientCompanies.pk, companyPk));

const reminders = (email: string) => emailsTo(t.db, email).then((rows) => rows.filter((r) => r.template === 'CLIENT_REMINDER'));
const sweepAndRun = async (now: Date) => {
  await sweepReminders(depsAt(now));
  await drain();
};

describe('the weekly reminder run', () => {
  it('reminds on the firm’s day with a summary, a sign-in link and the reply address; not again that day, not on other days', async () => {
    const { client } = await clientWithWork();
    await t.db.insert(communications).values({
      firmId: (await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId)))[0]!.firmId,
      clientCompanyId: client.companyId,
      kind: 'REQUEST',
      sender: 'ACCOUNTANT',
      subject: 'May bank statement',
      dueDate: '2026-06-05',
    });
    await sweepAndRun(new Date('2026-05-31T16:00:00Z')); // a Sunday
    expect(await reminders(client.email)).toHaveLength(0);
    await sweepAndRun(MONDAY);
    const [mail] = await reminders(client.email);
    expect(mail!.textBody).toContain('1 transaction to answer');
    expect(mail!.textBody).toContain('May bank statement (due Jun 5, 2026)');
    expect(mail!.textBody).toContain('replying to this email');
    await expect(t.lastMailTo(client.email)).resolves.toMatch(/magic=/);
    await sweepAndRun(new Date(MONDAY.getTime() + 3_600_000));
    expect(await reminders(client.email)).toHaveLength(1);
  });

  it('follows custom weekdays, and none when off', async () => {
    const custom = await clientWithWork();
    await t.db
      .update(clientCompanies)
      .set({ reminderSchedule: { enabled: true, weekdays: [3], ...DEFAULT_REMINDER_LADDER } })
      .where(eq(clientCompanies.pk, custom.client.companyId));
    const off = await clientWithWork();
    await t.db
      .update(clientCompanies)
      .set({ reminderSchedule: { enabled: false, weekdays: null, ...DEFAULT_REMINDER_LADDER } })
      .where(eq(clientCompanies.pk, off.client.companyId));
    await sweepAndRun(MONDAY);
    expect(await reminders(custom.client.email)).toHaveLength(0);
    await sweepAndRun(new Date('2026-06-03T16:00:00Z')); // Wednesday
    expect(await reminders(custom.client.email)).toHaveLength(1);
    expect(await reminders(off.client.email)).toHaveLength(0);
  });

  it('sends nothing to someone with nothing open, and stops once the work is done', async () => {
    const { firm, client, tx } = await clientWithWork();
    const idle = await createClientUser(t.db, (await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId)))[0]!.firmId);
    await sweepAndRun(MONDAY);
    expect(await reminders(client.email)).toHaveLength(1);
    expect(await reminders(idle.email)).toHaveLength(0);
    await finish(firm.firmId, client.companyId, client.userId, { pk: tx.pk, status: 'READY' });
    await sweepAndRun(week(1));
    expect(await reminders(client.email)).toHaveLength(1);
  });

  it('sends once when two workers race on the same company and date', async () => {
    const { client } = await clientWithWork();
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId));
    await Promise.all([sweepReminders(depsAt(MONDAY)), sweepReminders(depsAt(MONDAY))]);
    const data = { companyPk: company!.pk, date: '2026-06-01' };
    const sent = await Promise.all([runCompanyReminder(depsAt(MONDAY), data), runCompanyReminder(depsAt(MONDAY), data), drain(), drain()]);
    expect(sent[0] + sent[1]).toBeLessThanOrEqual(1);
    expect(await reminders(client.email)).toHaveLength(1);
  });

  it('tells a restricted user only about their own accounts', async () => {
    const { cast, pk, fuel } = await restrictedCast(t.db, newClient);
    const coworker = uniqueEmail('unrestricted');
    const [user] = await t.db.insert(users).values({ email: coworker, firstName: 'Una', lastName: 'Open', accountType: 'CLIENT_COWORKER' }).returning();
    await t.db.insert(clientMemberships).values({ clientCompanyId: pk, userId: user!.pk, role: 'CLIENT_COWORKER' });
    await sweepAndRun(MONDAY);
    expect((await reminders(cast.clientUser.email))[0]!.textBody).toContain('1 transaction to answer');
    expect((await reminders(coworker))[0]!.textBody).toContain('2 transactions to answer');
    // With only the other account's transaction left, the restricted user hears nothing.
    await finish(cast.firm.firmId, pk, cast.clientUser.userId, { pk: fuel, status: 'READY' });
    await sweepAndRun(week(1));
    expect(await reminders(cast.clientUser.email)).toHaveLength(1);
    expect(await reminders(coworker)).toHaveLength(2);
  });

  it('respects the reminders unsubscribe, email and text alike', async () => {
    const { client } = await clientWithWork();
    await t.db.update(users).set({ phone: '+1 (415) 555-0101' }).where(eq(users.pk, client.userId));
    await t.db.insert(emailOptOuts).values({ userId: client.userId, kind: 'REMINDERS', via: 'SETTINGS' });
    await sweepAndRun(MONDAY);
    expect(await reminders(client.email)).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, '+14155550101'))).toHaveLength(0);
  });

  it('texts a user whose phone is known, through Twilio (the sandbox here), link masked in the outbox', async () => {
    const { client } = await clientWithWork('Texted Co');
    await t.db.update(users).set({ phone: '+1 415-555-0199' }).where(eq(users.pk, client.userId));
    await textWithTheEmail(client.companyId);
    const texts: { to: string; body: string }[] = [];
    await sweepReminders(depsAt(MONDAY));
    const deps = depsAt(MONDAY, { sms: { reachesPhones: true, send: async (to, body) => void texts.push({ to, body }) } });
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId));
    await runCompanyReminder(deps, { companyPk: company!.pk, date: '2026-06-01' });
    expect(texts).toEqual([{ to: '+14155550199', body: expect.stringMatching(/^Test Firm: 1 transaction to answer for Texted Co in Herd\. .*magic=/) }]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+14155550199'));
    expect(row).toMatchObject({ channel: 'SMS', template: 'CLIENT_REMINDER_SMS' });
    expect(row!.textBody).toContain('magic=…');
    expect(row!.sentAt).not.toBeNull();
  });

  it('sends the email alone to a phone that took a push in the last day, and texts once that push is a day old', async () => {
    const { client } = await clientWithWork('Pushed Co');
    await t.db.update(users).set({ phone: '+1 415-555-0177' }).where(eq(users.pk, client.userId));
    await textWithTheEmail(client.companyId);
    const pushedAt = new Date(MONDAY.getTime() - 3600_000);
    await t.db
      .insert(pushDevices)
      .values({ userId: client.userId, endpointHash: 'pushed-co', subscription: 'sealed', label: 'iPhone', timeZone: 'UTC', lastSentAt: pushedAt });
    const texts: string[] = [];
    const sms = { reachesPhones: true, send: async (to: string) => void texts.push(to) };
    await runCompanyReminder(depsAt(MONDAY, { sms }), { companyPk: client.companyId, date: '2026-06-01' });
    expect(await reminders(client.email)).toHaveLength(1);
    expect(texts).toEqual([]);
    // The ladder's sweep keeps the text for when the push is a day old, and sends it once.
    await climbLadders(depsAt(MONDAY, { sms }), new Date(pushedAt.getTime() + 23 * 3600_000));
    expect(texts).toEqual([]);
    await climbLadders(depsAt(MONDAY, { sms }), new Date(pushedAt.getTime() + 25 * 3600_000));
    await climbLadders(depsAt(MONDAY, { sms }), new Date(pushedAt.getTime() + 26 * 3600_000));
    expect(texts).toEqual(['+14155550177']);
  });

  it('escapes names and subjects in the email', async () => {
    const { client } = await clientWithWork('<b>Bold</b> & Co');
    await t.db.update(users).set({ firstName: '<script>alert(1)</script>' }).where(eq(users.pk, client.userId));
    await sweepAndRun(MONDAY);
    const [mail] = await reminders(client.email);
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).not.toContain('<b>Bold</b>');
    expect(mail!.htmlBody).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
  });
});

describe('escalation', () => {
  it('tells the assigned accountants once after the firm’s number of unanswered reminders, and starts over when the client acts', async () => {
    const { firm, client, tx } = await clientWithWork('Quiet Co');
    await t.db.update(firms).set({ reminderEscalateAfter: 2 }).where(eq(firms.pk, firm.firmId));
    const member = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: client.companyId, firmMemberId: await firmMemberPkOf(t.db, member.userId) });
    const run = async (n: number) => {
      await sweepReminders(depsAt(week(n)));
      const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId));
      const date = week(n).toISOString().slice(0, 10);
      await runCompanyReminder(depsAt(week(n)), { companyPk: company!.pk, date });
      await drain();
    };
    const told = async () => (await emailsTo(t.db, member.email)).filter((m) => m.template === 'CLIENT_REMINDER_ESCALATION');
    const bell = (userPk: number) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userPk), eq(notifications.kind, 'CLIENT_UNRESPONSIVE')));

    await run(0);
    expect(await told()).toHaveLength(0);
    await run(1);
    expect(await told()).toHaveLength(1);
    expect((await told())[0]!.subject).toBe('Quiet Co has not answered 2 reminders');
    expect(await emailsTo(t.db, firm.adminEmail)).toHaveLength(0); // assigned people only
    // In the bell too, for the same people, linking to the client.
    expect(await bell(member.userId)).toEqual([
      expect.objectContaining({
        title: 'Quiet Co has not answered 2 reminders',
        targetType: 'CLIENT_COMPANY',
        targetPk: client.companyId,
        clientCompanyId: client.companyId,
      }),
    ]);
    expect(await bell(firm.adminId)).toHaveLength(0);
    await run(2);
    expect(await told()).toHaveLength(1); // once
    expect(await bell(member.userId)).toHaveLength(1);

    // The client answers a transaction: the count starts over.
    await t.db
      .update(transactions)
      .set({ categorizedBy: client.userId, categorizedAt: new Date(week(2).getTime() + 86_400_000) })
      .where(eq(transactions.pk, tx.pk));
    await run(3);
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, client.companyId));
    expect(company).toMatchObject({ unansweredReminders: 1, reminderEscalatedAt: null });
    await run(4);
    expect(await told()).toHaveLength(2);
    expect(await bell(member.userId)).toHaveLength(2);
  });
});
