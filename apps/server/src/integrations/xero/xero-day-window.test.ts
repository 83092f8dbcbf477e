import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { SharedRateWindow } from '../../lib/shared-rate-window.js';
import { openTestDatabase } from '../../../test/harness.js';
import { openXeroAdapterWorld, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import { XeroDayLimitError } from './xero-api.js';

/**
 * Herd stops for the day before Xero's 5,000 calls: its day window, kept in the database as the
 * minute's is, admits no call past the allowance, so the call is never sent and the pull stops with
 * the time the allowance frees. Here the allowance is 7 calls, against Xero's own (untouched) 5,000.
 */
let database: Database;
let world: XeroAdapterWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  world = await openXeroAdapterWorld({}, { callsPerDay: 7, rateWindow: (service, limit, windowMs) => new SharedRateWindow(database.db, service, { limit, windowMs }) });
});
afterAll(async () => {
  await world?.sim.close();
  await database?.close();
});

describe('the day’s allowance of an organisation', () => {
  it('stops the pull before the call past it is sent, saying when the allowance frees, and the progress resumes it', async () => {
    const calls = () => world.sim.requestCount(world.tenant);
    const before = calls();
    const run = await world.pull();
    expect(run.error).toBeInstanceOf(XeroDayLimitError);
    // Seven calls went; the eighth was never sent (Xero refused nothing).
    expect(calls() - before).toBe(7);
    expect(world.sim.requests.filter((r) => r.status === 429)).toEqual([]);
    const retryAfterMs = (run.error as XeroDayLimitError).retryAfterMs!;
    expect(retryAfterMs).toBeGreaterThan(23 * 3_600_000);
    expect(retryAfterMs).toBeLessThanOrEqual(24 * 3_600_000);
    expect(run.progress).not.toBeNull();
  });
});
