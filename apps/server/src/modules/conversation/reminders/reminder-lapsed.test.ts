import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, firms, notifications, transactions } from '../../../db/schema/index.js';
import { createClientUser, createFirm, emailsTo, setSubscription } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { runCompanyReminder, sweepReminders, type ReminderRunDeps } from './reminder-run.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// Monday 2026-06-01 at noon in New York (and in UTC); the firms here follow the default Monday.
const MONDAY = new Date('2026-06-01T16:00:00Z');
const days = (n: number) => new Date(MONDAY.getTime() + n * 86_400_000);

const depsAt = (now: Date): ReminderRunDeps => ({ ...t.app.deps, appUrl: t.app.deps.config.appUrl, replies: t.app.deps.config, now: () => now });
const drain = () => t.app.deps.jobs.drain('client-reminder', jobHandlers(t.app.deps)['client-reminder']);
const sweepAndRun = async (now: Date) => {
  await sweepReminders(depsAt(now));
  await drain();
};

let externalId = 0;
/** A paying firm with one client company whose CLIENT has a transaction to answer. */
const clientWithWork = async () => {
  const firm = await createFirm(t.db, { status: 'PAID' });
  const client = await createClientUser(t.db, firm.firmId);
  await t.db.insert(transactions).values({
    clientCompanyId: client.companyId,
    externalId: `lapsed-${(externalId += 1)}`,
    ledgerEntityType: 'csv',
    type: 'EXPENSE',
    subtype: 'csv',
    date: '2026-05-20',
    amount: '12.00',
  });
  return { firm, client };
};
const reminders = async (email: string) => (await emailsTo(t.db, email)).filter((r) => r.template === 'CLIENT_REMINDER');
const lastReminderDate = async (companyPk: number) => (await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk)))[0]!.lastReminderDate;

describe('a read-only (lapsed) firm’s clients', () => {
  it('are not reminded, a run queued before the lapse sends nothing, and reminders resume on the first reminder day after paying', async () => {
    const lapsed = await clientWithWork();
    const expired = await clientWithWork();
    await setSubscription(t.db, expired.firm.firmId, 'TRIAL', new Date('2026-05-20T00:00:00Z')); // a trial that ended
    await sweepReminders(depsAt(MONDAY)); // queued while still paying
    await setSubscription(t.db, lapsed.firm.firmId, 'CANCELLED');
    await drain();
    expect(await reminders(lapsed.client.email)).toHaveLength(0);
    expect(await reminders(expired.client.email)).toHaveLength(0);
    expect(await lastReminderDate(lapsed.client.companyId)).toBeNull(); // the day was not claimed

    expect(await runCompanyReminder(depsAt(MONDAY), { companyPk: lapsed.client.companyId, date: '2026-06-01' })).toBe(0);
    await sweepAndRun(days(7));
    expect(await reminders(lapsed.client.email)).toHaveLength(0);

    // Paid again on Wednesday: nothing is caught up that day, the next Monday reminds once.
    await setSubscription(t.db, lapsed.firm.firmId, 'PAID');
    await sweepAndRun(days(9));
    expect(await reminders(lapsed.client.email)).toHaveLength(0);
    await sweepAndRun(days(14));
    await sweepAndRun(days(14));
    expect(await reminders(lapsed.client.email)).toHaveLength(1);
  });

  it('are reminded with billing off, whatever the stored subscription says', async () => {
    const off = await createTestApp({ billing: { ...t.app.deps.config.billing, mode: 'off' } });
    try {
      const firm = await createFirm(off.db, { status: 'CANCELLED' });
      const client = await createClientUser(off.db, firm.firmId);
      await off.db
        .insert(transactions)
        .values({ clientCompanyId: client.companyId, externalId: 'off-1', ledgerEntityType: 'csv', type: 'EXPENSE', subtype: 'csv', date: '2026-05-20', amount: '1.00' });
      const deps = { ...off.app.deps, appUrl: off.app.deps.config.appUrl, replies: off.app.deps.config, now: () => MONDAY };
      expect(await sweepReminders(deps)).toBe(1);
    } finally {
      await off.close();
    }
  });
});

describe('a reminder day the workers missed', () => {
  it('is not caught up: the next reminder day reminds, once', async () => {
    const { client } = await clientWithWork();
    // Down all Monday; back on Tuesday and every day after.
    for (let d = 1; d < 7; d++) await sweepAndRun(days(d));
    expect(await reminders(client.email)).toHaveLength(0);
    await sweepAndRun(days(7));
    await sweepAndRun(new Date(days(7).getTime() + 3_600_000));
    expect(await reminders(client.email)).toHaveLength(1);
    expect(await lastReminderDate(client.companyId)).toBe('2026-06-08');
  });
});

describe('escalation in the bell', () => {
  it('with nobody assigned, the firm admins are told once, as by email', async () => {
    const { firm, client } = await clientWithWork();
    await t.db.update(firms).set({ reminderEscalateAfter: 1 }).where(eq(firms.pk, firm.firmId));
    await sweepAndRun(MONDAY);
    await sweepAndRun(days(7));
    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, firm.adminId), eq(notifications.kind, 'CLIENT_UNRESPONSIVE')));
    expect(bell).toEqual([expect.objectContaining({ title: 'Client Co has not answered 1 reminder', targetType: 'CLIENT_COMPANY', targetPk: client.companyId })]);
    expect((await emailsTo(t.db, firm.adminEmail)).filter((m) => m.template === 'CLIENT_REMINDER_ESCALATION')).toHaveLength(1);
  });
});
