import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { communications, notifications, pushDevices, pushStates, requestArrivalNotices } from '../../../db/schema/index.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { analyticsFixture } from '../../../../test/analytics.js';
import { addFirmMember, createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { browserSubscription, decryptPush, startPushService } from '../../../../test/web-push-receiver.js';
import { sweepPushes, type PushSweepDeps } from './push-sweep.job.js';
import { upsertDevice } from './push.queries.js';

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);
const hhmm = (at: Date) => at.toISOString().slice(11, 16);

describe('the push sweep: one notification for a burst, every quarter hour at most, never in quiet hours', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let deps: PushSweepDeps;
  beforeAll(async () => {
    t = await createTestApp();
    service = await startPushService();
    deps = { db: t.db, config: t.app.deps.config, push: t.app.deps.push, log: { warn: () => {} } };
  });
  afterAll(async () => {
    await service.close();
    await t.close();
  });

  /** A device of this person, subscribed an hour before `at`, as the browser would; answers what decrypts its pushes. */
  const withDevice = async (userId: number, at: Date, name: string) => {
    const browser = browserSubscription(`${service.origin}/push/${name}`);
    const sealed = createSecretBox(deps.config.secretKey).seal(JSON.stringify(browser.json));
    const device = await upsertDevice(t.db, { userId, endpointHash: name, subscription: sealed, label: name, timeZone: 'UTC' });
    await t.db
      .insert(pushStates)
      .values({ userId, pushedThrough: minutes(at, -60) })
      .onConflictDoNothing();
    // What reached the device: the pushes its service took.
    const pushesTo = () =>
      service.received
        .filter((push) => push.path === `/push/${name}` && push.status === 201)
        .map((push) => JSON.parse(decryptPush(push.body, browser.ecdh, browser.auth)));
    return { device, pushesTo };
  };

  it('tells a client of thirty new transactions in one push, then of the next ones only once a quarter hour has passed', async () => {
    const now = new Date();
    const firm = await createFirm(t.db, { name: 'Demo Bookkeeping' });
    const client = await createClientUser(t.db, firm.firmId);
    const { pushesTo } = await withDevice(client.userId, now, 'burst');
    const rows = analyticsFixture(t.db);
    for (let i = 0; i < 30; i += 1) await rows.transaction(client.companyId, minutes(now, -5).toISOString(), 'READY');
    // Already answered ones and hidden ones are not questions.
    await rows.transaction(client.companyId, minutes(now, -5).toISOString(), 'FINISHED_IN_HERD');
    await rows.transaction(client.companyId, minutes(now, -5).toISOString(), 'READY', true);

    await sweepPushes(deps, now);
    expect(pushesTo()).toEqual([
      {
        title: 'Demo Bookkeeping',
        body: '30 transactions to explain from Demo Bookkeeping',
        url: `/dashboard/client/company-client/?company=${client.companyId}`,
        tag: 'herd-news',
      },
    ]);
    await sweepPushes(deps, minutes(now, 1));
    expect(pushesTo()).toHaveLength(1);

    for (let i = 0; i < 2; i += 1) await rows.transaction(client.companyId, minutes(now, 2).toISOString(), 'READY');
    await sweepPushes(deps, minutes(now, 5));
    expect(pushesTo()).toHaveLength(1);
    await sweepPushes(deps, minutes(now, 16));
    expect(pushesTo().at(-1)).toMatchObject({ body: '2 transactions to explain from Demo Bookkeeping' });
    await sweepPushes(deps, minutes(now, 40));
    expect(pushesTo()).toHaveLength(2);
  });

  it('tells a client of their requests come due or overdue, with their new transactions, in one push', async () => {
    const now = new Date();
    const firm = await createFirm(t.db, { name: 'Ledger & Co' });
    const client = await createClientUser(t.db, firm.firmId);
    const { pushesTo } = await withDevice(client.userId, now, 'due');
    await analyticsFixture(t.db).transaction(client.companyId, minutes(now, -3).toISOString(), 'READY');
    const request = async (subject: string) =>
      (
        await t.db.insert(communications).values({ firmId: firm.firmId, clientCompanyId: client.companyId, kind: 'REQUEST', sender: 'ACCOUNTANT', subject }).returning()
      )[0]!.pk;
    const notice = async (kind: 'DUE' | 'OVERDUE', subject: string) =>
      t.db.insert(requestArrivalNotices).values({
        communicationId: await request(subject),
        userId: client.userId,
        firmId: firm.firmId,
        clientCompanyId: client.companyId,
        kind,
        createdAt: minutes(now, -2),
      });
    await notice('DUE', 'Bank statements');
    await notice('DUE', 'Payroll report');
    await notice('OVERDUE', 'W-9 for Acme');
    await sweepPushes(deps, now);
    expect(pushesTo()).toEqual([
      {
        title: 'Ledger & Co',
        body: '1 transaction to explain, 2 requests due today and 1 request overdue from Ledger & Co',
        url: `/dashboard/client/company-client/?company=${client.companyId}`,
        tag: 'herd-news',
      },
    ]);
  });

  it('pushes an accountant’s own bell, opening the screen where the work is', async () => {
    const now = new Date();
    const firm = await createFirm(t.db);
    const company = (await createClientUser(t.db, firm.firmId)).companyId;
    const { pushesTo } = await withDevice(firm.adminId, now, 'bell');
    await t.db.insert(notifications).values({
      firmId: firm.firmId,
      userId: firm.adminId,
      kind: 'REQUEST_ANSWERED',
      targetType: 'COMMUNICATION',
      targetPk: 7,
      clientCompanyId: company,
      title: 'Cleo answered “Bank statements”',
      text: 'Client Co',
      createdAt: minutes(now, -2),
    });
    await sweepPushes(deps, now);
    expect(pushesTo()).toEqual([
      { title: 'Cleo answered “Bank statements”', body: 'Client Co', url: `/dashboard/accountant/requests/completed/${company}/`, tag: 'herd-news' },
    ]);
  });

  it('keeps the news for after the quiet hours, read in the device’s zone', async () => {
    const now = new Date();
    const firm = await createFirm(t.db);
    const member = await addFirmMember(t.db, firm.firmId);
    const { pushesTo } = await withDevice(member.userId, now, 'quiet');
    await t.db
      .update(pushStates)
      .set({ quietStart: hhmm(minutes(now, -30)), quietEnd: hhmm(minutes(now, 30)) })
      .where(eq(pushStates.userId, member.userId));
    await t.db.insert(notifications).values({
      firmId: firm.firmId,
      userId: member.userId,
      kind: 'SYNC_ERROR',
      targetType: 'ACCOUNTANT_COMPANY',
      targetPk: firm.firmId,
      title: 'A sync failed',
      createdAt: minutes(now, -1),
    });
    await sweepPushes(deps, now);
    expect(pushesTo()).toEqual([]);
    await sweepPushes(deps, minutes(now, 31));
    expect(pushesTo()).toEqual([expect.objectContaining({ title: 'A sync failed' })]);
  });

  it('forgets a device its push service says is gone, and tries again next minute when the service fails', async () => {
    const now = new Date();
    const firm = await createFirm(t.db);
    const gone = await withDevice(firm.adminId, now, 'gone');
    const bell = {
      firmId: firm.firmId,
      userId: firm.adminId,
      kind: 'SYNC_ERROR' as const,
      targetType: 'ACCOUNTANT_COMPANY' as const,
      targetPk: firm.firmId,
      title: 'A sync failed',
    };
    await t.db.insert(notifications).values({ ...bell, createdAt: minutes(now, -1) });
    service.answerWith(410);
    await sweepPushes(deps, now);
    expect(await t.db.select().from(pushDevices).where(eq(pushDevices.pk, gone.device.pk))).toEqual([]);

    const failing = await withDevice(firm.adminId, now, 'failing');
    await t.db.insert(notifications).values({ ...bell, title: 'Another sync failed', createdAt: minutes(now, 20) });
    service.answerWith(503);
    await sweepPushes(deps, minutes(now, 21));
    service.answerWith(201);
    await sweepPushes(deps, minutes(now, 22));
    expect(failing.pushesTo()).toEqual([expect.objectContaining({ title: 'Another sync failed' })]);
  });
});
