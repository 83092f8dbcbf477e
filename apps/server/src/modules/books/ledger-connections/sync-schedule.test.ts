import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { backoffMs, nextRunAfterSuccess, phaseOf, slotAfter } from './sync-schedule.rule.js';
import { sweepLedgerSyncs } from './sync-sweep.job.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERVAL = 4 * HOUR;
const SWEEP_EVERY = 5 * MINUTE;
const COMPANIES = 1000;

describe('a company’s slots', () => {
  it('fall at its phase plus whole intervals, the first strictly after the given time', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const slot = slotAfter(17, at, INTERVAL);
    expect(slot.getTime()).toBeGreaterThan(at.getTime());
    expect(slot.getTime()).toBeLessThanOrEqual(at.getTime() + INTERVAL);
    expect((slot.getTime() - phaseOf(17, INTERVAL)) % INTERVAL).toBe(0);
    expect(slotAfter(17, slot, INTERVAL).getTime()).toBe(slot.getTime() + INTERVAL);
  });

  it('after a pull that finished, skip a slot less than half an interval away', () => {
    const slot = slotAfter(17, new Date('2026-11-28T10:00:00Z'), INTERVAL);
    expect(nextRunAfterSuccess(17, new Date(slot.getTime() - 10 * MINUTE), INTERVAL).getTime()).toBe(slot.getTime() + INTERVAL);
    expect(nextRunAfterSuccess(17, new Date(slot.getTime() + MINUTE), INTERVAL).getTime()).toBe(slot.getTime() + INTERVAL);
  });

  it('back off by doubling from one interval, at most a day (or one interval, when longer)', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, INTERVAL) / HOUR)).toEqual([4, 8, 16, 24, 24, 24]);
    expect([1, 2].map((n) => backoffMs(n, 2 * 86_400_000) / HOUR)).toEqual([48, 48]);
  });
});

describe('1,000 connected companies over one interval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { firmId } = await createFirm(t.db, { status: 'PAID' });
    const companies = await t.db
      .insert(clientCompanies)
      .values(Array.from({ length: COMPANIES }, (_, i) => ({ firmId, name: `Client ${i}`, connectionKind: 'QBO' as const })))
      .returning({ pk: clientCompanies.pk });
    // Connected in the same instant, as a firm's bulk connect or a migration of old connections would be.
    await t.db
      .insert(ledgerConnections)
      .values(
        companies.map((c) => ({ clientCompanyId: c.pk, provider: 'QBO', externalCompanyId: `realm-${c.pk}`, refreshExpiresAt: new Date(Date.now() + 90 * 86_400_000) })),
      );
  });
  afterAll(() => t.close());

  it('are placed across the interval on the first sweep and each pulled once, a few per sweep', async () => {
    const start = new Date();
    expect(await sweepLedgerSyncs(t.app.deps, start)).toEqual({ claimed: 0, queued: 0 });
    const runs = (await t.db.select({ at: ledgerConnections.nextPullAt }).from(ledgerConnections)).map((r) => r.at!.getTime() - start.getTime());
    expect(runs).toHaveLength(COMPANIES);
    expect(Math.min(...runs)).toBeGreaterThan(0);
    expect(Math.max(...runs)).toBeLessThanOrEqual(INTERVAL);
    // Every 5-minute stretch of the interval holds its share (about 21), none bunched.
    const buckets = Array.from({ length: INTERVAL / SWEEP_EVERY }, (_, b) => runs.filter((r) => Math.ceil(r / SWEEP_EVERY) - 1 === b).length);
    const share = COMPANIES / buckets.length;
    expect(Math.max(...buckets)).toBeLessThanOrEqual(Math.ceil(share * 1.25));
    expect(Math.min(...buckets)).toBeGreaterThanOrEqual(Math.floor(share * 0.75));

    // One interval of sweeps, every five minutes: each company is claimed exactly once.
    const perSweep: number[] = [];
    for (let at = SWEEP_EVERY; at <= INTERVAL; at += SWEEP_EVERY) {
      perSweep.push((await sweepLedgerSyncs(t.app.deps, new Date(start.getTime() + at))).queued);
    }
    expect(perSweep.reduce((a, b) => a + b, 0)).toBe(COMPANIES);
    expect(Math.max(...perSweep)).toBeLessThanOrEqual(Math.ceil(share * 1.25));
    const waiting = (await t.db.execute(
      sql`select count(distinct singleton_key)::int as keys, count(*)::int as jobs from pgboss.job where name = 'ledger-pull' and state = 'created'`,
    )) as { rows: { keys: number; jobs: number }[] };
    expect(waiting.rows[0]).toEqual({ keys: COMPANIES, jobs: COMPANIES });
  });
});
