import { DEFAULT_REMINDER_LADDER } from '@herd/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientCompanyAssignments, communications, notifications, outbox } from '../../../db/schema/index.js';
import { addFirmMember, createClientUser, createFirm, firmMemberPkOf, setSubscription } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { OVERDUE_WINDOW_DAYS, sweepDueRequests } from './due-notices.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Noon in New York (the firms' zone here) on a June day. */
const noon = (day: number) => new Date(`2026-06-${String(day).padStart(2, '0')}T16:00:00Z`);
const sweepAt = (now: Date) => sweepDueRequests({ ...t.app.deps, now: () => now });

/** A paying firm (New York) with its admin, one assigned and one unassigned team member, and a client company. */
const firmWithClient = async () => {
  const firm = await createFirm(t.db, { status: 'PAID' });
  const client = await createClientUser(t.db, firm.firmId);
  await t.db.update(clientCompanies).set({ name: 'Acme' }).where(eq(clientCompanies.pk, client.companyId));
  const assigned = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
  const unassigned = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
  await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: client.companyId, firmMemberId: await firmMemberPkOf(t.db, assigned.userId) });
  return { firm, client, assigned, unassigned };
};
type Setup = Awaited<ReturnType<typeof firmWithClient>>;

const request = async (s: Setup, values: Partial<typeof communications.$inferInsert> = {}) => {
  const [row] = await t.db
    .insert(communications)
    .values({
      firmId: s.firm.firmId,
      clientCompanyId: s.client.companyId,
      kind: 'REQUEST',
      sender: 'ACCOUNTANT',
      subject: 'May bank statement',
      dueDate: '2026-06-10',
      ...values,
    })
    .returning();
  return row!;
};

/** Who heard what of one request: `kind → user pks`, sorted. */
const heard = async (communicationPk: number) => {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.targetType, 'COMMUNICATION'), eq(notifications.targetPk, communicationPk), inArray(notifications.kind, ['REQUEST_DUE', 'REQUEST_OVERDUE'])),
    );
  const byKind: Record<string, number[]> = {};
  for (const r of rows) (byKind[r.kind] ??= []).push(r.userId);
  for (const pks of Object.values(byKind)) pks.sort((a, b) => a - b);
  return byKind;
};
const sorted = (...pks: number[]) => [...pks].sort((a, b) => a - b);

describe('requests due today and overdue, in the bell', () => {
  it('tells the firm’s people who see the company on the due day and the day after, once each; not the unassigned member nor the client', async () => {
    const s = await firmWithClient();
    const c = await request(s);
    await sweepAt(noon(9));
    // 02:00 UTC on the 10th is still the 9th in New York.
    await sweepAt(new Date('2026-06-10T02:00:00Z'));
    expect(await heard(c.pk)).toEqual({});

    await sweepAt(noon(10));
    await sweepAt(new Date(noon(10).getTime() + 3_600_000));
    const people = sorted(s.firm.adminId, s.assigned.userId);
    expect(await heard(c.pk)).toEqual({ REQUEST_DUE: people });
    const [due] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.firm.adminId), eq(notifications.targetPk, c.pk)));
    expect(due).toMatchObject({ title: 'Acme: “May bank statement” is due today', clientCompanyId: s.client.companyId, targetType: 'COMMUNICATION' });

    await sweepAt(noon(11));
    await sweepAt(noon(12));
    expect(await heard(c.pk)).toEqual({ REQUEST_DUE: people, REQUEST_OVERDUE: people });
    const [overdue] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.assigned.userId), eq(notifications.kind, 'REQUEST_OVERDUE'), eq(notifications.targetPk, c.pk)));
    expect(overdue).toMatchObject({ title: 'Acme: “May bank statement” is overdue', text: 'Due Jun 10, 2026; not answered yet.' });
    expect(people).not.toContain(s.unassigned.userId);
    expect(people).not.toContain(s.client.userId);
  });

  it('tells once when two workers’ sweeps race', async () => {
    const s = await firmWithClient();
    const c = await request(s);
    const told = await Promise.all([sweepAt(noon(10)), sweepAt(noon(10)), sweepAt(noon(10))]);
    expect(told.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await heard(c.pk)).toEqual({ REQUEST_DUE: sorted(s.firm.adminId, s.assigned.userId) });
    await Promise.all([sweepAt(noon(11)), sweepAt(noon(11))]);
    expect((await heard(c.pk)).REQUEST_OVERDUE).toEqual(sorted(s.firm.adminId, s.assigned.userId));
  });

  it('after downtime, a request that fell due meanwhile is told of as overdue only; one overdue past the window not at all', async () => {
    const s = await firmWithClient();
    const missed = await request(s, { dueDate: '2026-06-10' });
    // Back on the 13th: one day more overdue than the window allows.
    const old = await request(s, { dueDate: new Date(Date.UTC(2026, 5, 13 - OVERDUE_WINDOW_DAYS - 1)).toISOString().slice(0, 10) });
    await sweepAt(noon(13));
    await sweepAt(noon(14));
    expect(await heard(missed.pk)).toEqual({ REQUEST_OVERDUE: sorted(s.firm.adminId, s.assigned.userId) });
    expect(await heard(old.pk)).toEqual({});
  });

  it('tells nothing of requests finished, cancelled, answered (with the accountant), hidden, or without a due date', async () => {
    const s = await firmWithClient();
    const quiet = [
      await request(s, { status: 'FINISHED_IN_HERD' }),
      await request(s, { status: 'CANCELLED' }),
      await request(s, { status: 'READY' }),
      await request(s, { isHidden: true }),
      await request(s, { dueDate: null }),
    ];
    const open = await request(s);
    await sweepAt(noon(10));
    // Answered after the due day: no overdue notice either.
    await t.db.update(communications).set({ status: 'READY' }).where(eq(communications.pk, open.pk));
    await sweepAt(noon(11));
    for (const c of quiet) expect(await heard(c.pk)).toEqual({});
    expect(await heard(open.pk)).toEqual({ REQUEST_DUE: sorted(s.firm.adminId, s.assigned.userId) });
  });

  it('tells of a due date moved later again when the new date comes', async () => {
    const s = await firmWithClient();
    const c = await request(s);
    await sweepAt(noon(10));
    await t.db.update(communications).set({ dueDate: '2026-06-15' }).where(eq(communications.pk, c.pk));
    await sweepAt(noon(11));
    expect(await heard(c.pk)).toEqual({ REQUEST_DUE: sorted(s.firm.adminId, s.assigned.userId) });
    await sweepAt(noon(15));
    expect((await heard(c.pk)).REQUEST_DUE).toHaveLength(4);
  });

  it('tells a read-only (lapsed) firm nothing', async () => {
    const s = await firmWithClient();
    const c = await request(s);
    await setSubscription(t.db, s.firm.firmId, 'CANCELLED');
    await sweepAt(noon(10));
    await sweepAt(noon(11));
    expect(await heard(c.pk)).toEqual({});
  });
});

describe('requests due today and overdue, to the client', () => {
  /** The client's emails about requests, by subject, oldest first. */
  const clientMail = async (s: Setup) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, s.client.email), eq(outbox.template, 'REQUEST_ARRIVED')))
        .orderBy(outbox.pk)
    ).map((m) => m.subject);
  const reminders = (s: Setup, weekdays: number[]) =>
    t.db
      .update(clientCompanies)
      .set({ reminderSchedule: { enabled: weekdays.length > 0, weekdays, ...DEFAULT_REMINDER_LADDER } })
      .where(eq(clientCompanies.pk, s.client.companyId));

  it('emails the client on the due day and when it becomes overdue, once each, when no reminder goes that day', async () => {
    const s = await firmWithClient();
    await reminders(s, []);
    await request(s);
    // 06:00 in New York on the due day: the firm's bell hears, the client waits for the morning.
    await sweepAt(new Date('2026-06-10T10:00:00Z'));
    await t.runJobs();
    expect(await clientMail(s)).toEqual([]);
    await sweepAt(noon(10));
    await sweepAt(noon(10));
    await t.runJobs();
    expect(await clientMail(s)).toEqual(['Due today: May bank statement']);
    await sweepAt(noon(11));
    await t.runJobs();
    await sweepAt(noon(12));
    await t.runJobs();
    expect(await clientMail(s)).toEqual(['Due today: May bank statement', 'Overdue: May bank statement']);
  });

  it('leaves it to the reminder on one of the company’s reminder days (one message a day), and tells the firm all the same', async () => {
    const s = await firmWithClient();
    // June 10th 2026 is a Wednesday (3); the 11th a Thursday, not a reminder day.
    await reminders(s, [3]);
    const c = await request(s);
    await sweepAt(noon(10));
    await t.runJobs();
    expect(await clientMail(s)).toEqual([]);
    expect(Object.keys(await heard(c.pk))).toEqual(['REQUEST_DUE']);
    await sweepAt(noon(11));
    await t.runJobs();
    expect(await clientMail(s)).toEqual(['Overdue: May bank statement']);
  });

  it('tells nothing of a request answered before its due day', async () => {
    const s = await firmWithClient();
    await reminders(s, []);
    await request(s, { status: 'READY' });
    await sweepAt(noon(10));
    await t.runJobs();
    expect(await clientMail(s)).toEqual([]);
  });
});
