import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QboSimulator } from '@herd/simulators';
import { ledgerConnections } from '../../../db/schema/index.js';
import { jobHandlers } from '../../../jobs/handlers.js';
import { clientMaker } from '../../../../test/client.js';
import { setSubscription, signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { LedgerLimitReachedError } from '../ledger/ledger-errors.port.js';
import { companyFromRedirect, connectQbo, openSealed, startQboWorld } from '../../../../test/qbo.js';
import { recordPullOutcome, sweepLedgerSyncs } from './sync-sweep.job.js';
import { phaseOf } from './sync-schedule.rule.js';

const HOUR = 3_600_000;
const INTERVAL = 4 * HOUR;

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
/** Three connected QuickBooks companies of one firm: company pk → realm. */
const realms = new Map<number, string>();

const connectionOf = async (companyPk: number) => (await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk)))[0]!;
const setConnection = (companyPk: number, values: Partial<typeof ledgerConnections.$inferInsert>) =>
  t.db.update(ledgerConnections).set(values).where(eq(ledgerConnections.clientCompanyId, companyPk));
/** Pulls waiting in the queue, by job key. */
const waitingPulls = async () => {
  const result = (await t.db.execute(
    sql`select singleton_key as key, count(*)::int as n from pgboss.job where name = 'ledger-pull' and state = 'created' group by 1 order by 1`,
  )) as { rows: { key: string; n: number }[] };
  return result.rows;
};
const sweep = (now: Date) => sweepLedgerSyncs(t.app.deps, now);
const pull = (companyPk: number) => jobHandlers(t.app.deps)['ledger-pull']({ companyPk });
/** A QuickBooks fault that fails a request at once (no retry inside the call). */
const REFUSED = { status: 400, fault: { type: 'ValidationFault', code: '4000', message: 'Error parsing query', detail: 'The query could not be read' } };

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 5 }, { transactions: 5 }, { transactions: 5 }]));
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 29),
  );
  for (const { realmId } of sim.companies()) realms.set(companyFromRedirect((await connectQbo(sim, cast.admin, realmId)).headers.location as string), realmId);
  // Each connect queued a first pull; once it has run, only the schedule queues more.
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  await setSubscription(t.db, cast.firm.firmId, 'TRIAL', new Date(Date.now() + 14 * 86_400_000));
  const later = { nextPullAt: new Date(Date.now() + INTERVAL), refreshExpiresAt: new Date(Date.now() + 90 * 86_400_000) };
  for (const pk of realms.keys()) await setConnection(pk, { ...later, lastScheduledAt: null, pullFailures: 0 });
});

describe('the sync schedule', () => {
  it('gives a connected company its next slot once its first pull has run', async () => {
    for (const pk of realms.keys()) await setConnection(pk, { nextPullAt: null });
    const before = Date.now();
    await pull([...realms.keys()][0]!);
    const connection = await connectionOf([...realms.keys()][0]!);
    expect(connection.nextPullAt!.getTime()).toBeGreaterThanOrEqual(before + INTERVAL / 2);
    expect(connection.nextPullAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1.5 * INTERVAL);
    // The others are placed by the next sweep, inside the coming interval, and not pulled yet.
    const now = new Date();
    expect(await sweep(now)).toEqual({ claimed: 0, queued: 0 });
    for (const pk of [...realms.keys()].slice(1)) {
      const at = (await connectionOf(pk)).nextPullAt!.getTime();
      expect(at).toBeGreaterThan(now.getTime());
      expect(at).toBeLessThanOrEqual(now.getTime() + INTERVAL);
    }
  });

  it('queues a due company once when two sweeps race, and once more only an interval later', async () => {
    const now = new Date();
    for (const pk of realms.keys()) await setConnection(pk, { nextPullAt: new Date(now.getTime() - 60_000) });
    const [a, b] = await Promise.all([sweep(now), sweep(now)]);
    expect(a.claimed + b.claimed).toBe(3);
    expect(a.queued + b.queued).toBe(3);
    // One waiting pull per company, under the company's own key: never two pulls of one company at once.
    expect(await waitingPulls()).toEqual([...realms.keys()].sort().map((pk) => ({ key: `company:${pk}`, n: 1 })));
    expect(await sweep(new Date(now.getTime() + 5 * 60_000))).toEqual({ claimed: 0, queued: 0 });

    const requests = new Map([...realms].map(([pk, realm]) => [pk, sim.requestCount(realm)]));
    await t.runJobs();
    for (const [pk, realm] of realms) {
      const connection = await connectionOf(pk);
      expect(sim.requestCount(realm)).toBeGreaterThan(requests.get(pk)!);
      expect(connection.syncState).toBe('IDLE');
      // The next run is the company's slot, an interval on (give or take half), not every sweep.
      expect(connection.nextPullAt!.getTime()).toBeGreaterThanOrEqual(now.getTime() + INTERVAL / 2);
      expect(connection.nextPullAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1.5 * INTERVAL);
    }
    expect(await waitingPulls()).toEqual([]);
  });

  it('passes over the companies of a read-only firm, and pulls them at their next turn once it pays', async () => {
    const now = new Date();
    for (const pk of realms.keys()) await setConnection(pk, { nextPullAt: new Date(now.getTime() - 60_000) });
    await setSubscription(t.db, cast.firm.firmId, 'TRIAL_EXPIRED', new Date(now.getTime() - 86_400_000));
    expect(await sweep(now)).toEqual({ claimed: 3, queued: 0 });
    expect(await waitingPulls()).toEqual([]);
    for (const pk of realms.keys()) expect((await connectionOf(pk)).nextPullAt).toEqual(new Date(now.getTime() + INTERVAL));

    await setSubscription(t.db, cast.firm.firmId, 'PAID');
    expect(await sweep(new Date(now.getTime() + INTERVAL - 60_000))).toEqual({ claimed: 0, queued: 0 });
    expect(await sweep(new Date(now.getTime() + INTERVAL))).toEqual({ claimed: 3, queued: 3 });
    await t.runJobs();
  });

  it('refreshes an expired access token on a scheduled pull, leaving new, later-expiring tokens', async () => {
    const [pk, realm] = [...realms][0]!;
    await t.runJobs();
    const stale = new Date(Date.now() - 60_000);
    await setConnection(pk, { accessExpiresAt: stale, nextPullAt: stale });
    sim.expireAccessTokens(realm);
    const before = await connectionOf(pk);
    expect(await sweep(new Date())).toMatchObject({ queued: 1 });
    await t.runJobs();
    const after = await connectionOf(pk);
    expect(openSealed(t, after.accessTokenEnc!)).not.toBe(openSealed(t, before.accessTokenEnc!));
    expect(openSealed(t, after.refreshTokenEnc!)).not.toBe(openSealed(t, before.refreshTokenEnc!));
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.refreshExpiresAt!.getTime()).toBeGreaterThan(before.refreshExpiresAt!.getTime());
    expect(after.lastSyncError).toBeNull();
  });

  it('pulls a company whose refresh token would lapse before two more turns, off its slot, once an interval', async () => {
    const [pk, realm] = [...realms][1]!;
    const now = new Date();
    const before = await connectionOf(pk);
    // Its slot is far off, but the grant would lapse first: renewed now.
    await setConnection(pk, { nextPullAt: new Date(now.getTime() + INTERVAL), refreshExpiresAt: new Date(now.getTime() + 1.5 * INTERVAL) });
    // A grant further off waits for its slot.
    await setConnection([...realms.keys()][2]!, { refreshExpiresAt: new Date(now.getTime() + 2.5 * INTERVAL) });
    expect(await sweep(now)).toEqual({ claimed: 1, queued: 1 });
    expect(await waitingPulls()).toEqual([{ key: `company:${pk}`, n: 1 }]);
    // Queued once an interval, even while the pull has not renewed it yet.
    expect(await sweep(new Date(now.getTime() + 10 * 60_000))).toEqual({ claimed: 0, queued: 0 });
    sim.expireAccessTokens(realm);
    await setConnection(pk, { accessExpiresAt: new Date(now.getTime() - 60_000) });
    await t.runJobs();
    const after = await connectionOf(pk);
    expect(openSealed(t, after.refreshTokenEnc!)).not.toBe(openSealed(t, before.refreshTokenEnc!));
    expect(after.refreshExpiresAt!.getTime()).toBeGreaterThan(now.getTime() + 30 * 86_400_000);
  });

  it('backs a failing company off, longer after each failure up to a day, shows it, and forgives it once a pull finishes', async () => {
    const [pk, realm] = [...realms][2]!;
    const waits: number[] = [];
    for (let failure = 1; failure <= 5; failure++) {
      sim.failNext(realm, REFUSED);
      const at = Date.now();
      await expect(pull(pk)).rejects.toThrow();
      const connection = await connectionOf(pk);
      expect(connection.pullFailures).toBe(failure);
      waits.push(Math.round((connection.nextPullAt!.getTime() - at) / HOUR));
    }
    expect(waits).toEqual([4, 8, 16, 24, 24]);

    const shown = await cast.admin.get(`accounting/accountant/client-company/${pk}/retrieve/`);
    expect(shown.statusCode).toBe(200);
    const sync = shown.json().ledger_sync;
    expect(sync).toMatchObject({ state: 'FAILED', consecutive_failures: 5, next_sync_at: (await connectionOf(pk)).nextPullAt!.toISOString() });
    expect(sync.last_error).toEqual(expect.any(String));
    const listed = await cast.admin.get('accounting/accountant/client-companies/list/');
    expect(listed.json().results.find((c: { pk: number }) => c.pk === pk).ledger_sync).toMatchObject({ consecutive_failures: 5, next_sync_at: sync.next_sync_at });

    // Backed off, it is not due at its ordinary turn; a pull that finishes (a person's "Sync now") puts it back on its slot.
    for (const other of [...realms.keys()].filter((c) => c !== pk)) await setConnection(other, { nextPullAt: new Date(Date.now() + 100 * HOUR) });
    expect(await sweep(new Date(Date.now() + 1.25 * INTERVAL))).toEqual({ claimed: 0, queued: 0 });
    await pull(pk);
    const forgiven = await connectionOf(pk);
    expect(forgiven.pullFailures).toBe(0);
    expect(forgiven.nextPullAt!.getTime()).toBeGreaterThanOrEqual(forgiven.lastSyncedAt!.getTime() + INTERVAL / 2);
    expect((forgiven.nextPullAt!.getTime() - phaseOf(pk, INTERVAL)) % INTERVAL).toBe(0);
  });

  it('waits for the time a spent allowance names, with no retry meeting the same refusal before it, and shows why', async () => {
    const [pk] = [...realms][1]!;
    const at = Date.now();
    const spent = new LedgerLimitReachedError('The ledger’s daily limit is reached.', 30 * HOUR);
    // The job does not fail (pg-boss would retry it into the same wall); the schedule resumes the pull.
    await expect(recordPullOutcome(t.app.deps, pk, () => Promise.reject(spent))).resolves.toBeUndefined();
    const connection = await connectionOf(pk);
    expect(connection.pullFailures).toBe(1);
    expect(Math.round((connection.nextPullAt!.getTime() - at) / HOUR)).toBe(30);
    // Without a time named, it is any other passing failure: backed off and thrown for the job to retry.
    await expect(recordPullOutcome(t.app.deps, pk, () => Promise.reject(new LedgerLimitReachedError('spent', null)))).rejects.toThrow('spent');
  });
});
