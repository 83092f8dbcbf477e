import { afterEach, describe, expect, it } from 'vitest';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { openXeroAdapterWorld, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import { XeroDayLimitError } from './xero-api.js';

/**
 * Xero's throttles, each met for real in the simulator (its limits set low) rather than faked: a
 * minute's 429 is waited out in place (xero.adapter.test.ts), the day's ends the call with an error
 * that says when the organisation has room again, and the five calls in flight are waited for.
 */
const worlds: XeroAdapterWorld[] = [];
const open = async (...args: Parameters<typeof openXeroAdapterWorld>) => {
  const world = await openXeroAdapterWorld(...args);
  worlds.push(world);
  return world;
};
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.sim.close()));
});

const DAY_MS = 86_400_000;
const statusesOf = (world: XeroAdapterWorld) => world.sim.requests.filter((r) => r.tenantId === world.tenant).map((r) => r.status);

describe('the day’s 5,000 calls', () => {
  it('fails the pull at the first 429 of the day, classified as passing, with when Xero has room again; the saved progress then resumes it', async () => {
    // A full pull is 12 calls: the lock dates, one for each list, one for each kind of transaction (60 fit on a page).
    const world = await open({ limits: { perDay: 20 } });
    const full = await world.pullAll();
    const cut = await world.pull();

    expect(cut.error).toBeInstanceOf(XeroDayLimitError);
    expect(cut.error).toBeInstanceOf(LedgerUnreachableError);
    expect(world.adapter.classifyError(cut.error)).toBe('unreachable');
    // The simulator's day is a rolling 24 hours: room comes back as its first call of the day ages out.
    expect((cut.error as XeroDayLimitError).retryAfterMs).toBeGreaterThan(DAY_MS - 60 * 60_000);
    expect((cut.error as XeroDayLimitError).retryAfterMs).toBeLessThanOrEqual(DAY_MS);
    // Not waited out nor sent again: one 429, the last call made.
    expect(statusesOf(world).filter((s) => s === 429)).toHaveLength(1);
    expect(statusesOf(world).at(-1)).toBe(429);
    expect(cut.progress?.done).toContain('Invoice');

    world.sim.advanceClock((cut.error as XeroDayLimitError).retryAfterMs! + 60_000);
    const resumed = await world.pullAll({ mode: 'FULL', pulledUpTo: null, progress: cut.progress });
    const ids = (records: { externalId: string }[]) => records.map((r) => r.externalId).sort();
    expect(ids([...cut.records, ...resumed.records])).toEqual(ids(full.records));
  });

  it('fails at once on a day’s 429 that gives no Retry-After, rather than waiting a minute at a time', async () => {
    const world = await open();
    world.sim.failNext(world.tenant, { status: 429, headers: { 'X-Rate-Limit-Problem': 'Day' } });

    const run = await world.pull();

    expect(run.error).toBeInstanceOf(XeroDayLimitError);
    expect((run.error as XeroDayLimitError).retryAfterMs).toBeNull();
    expect(statusesOf(world)).toEqual([429]);
  });
});

describe('the five calls in flight', () => {
  it('waits for a slot when a sixth call is refused (429 Concurrent), and every pull still brings every record', async () => {
    // Calls that take a while, so eight pulls side by side keep more than five in flight.
    const world = await open({ latencyMs: 40, limits: { perMinute: 1000 } });
    const alone = await world.pullAll();

    const runs = await Promise.all(Array.from({ length: 8 }, () => world.pull()));

    expect(statusesOf(world)).toContain(429);
    expect(runs.map((r) => r.error)).toEqual(runs.map(() => null));
    const versions = (records: { externalId: string; version: string | null }[]) => records.map((r) => `${r.externalId}@${r.version}`).sort();
    for (const run of runs) expect(versions(run.records)).toEqual(versions(alone.records));
  });
});
