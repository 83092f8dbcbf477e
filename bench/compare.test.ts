import { describe, expect, it } from 'vitest';
import { commitMarker, recordedCommit, summarize, worseThan } from './compare.js';

const round = (rps: number, p95: number, errors = 0) => ({ requests: 100, errors, rps, p50: p95 / 2, p95, p99: p95 * 1.2 });

describe('the side-by-side comparison', () => {
  it('takes the median of the rounds, sums their requests and errors, and states how far the p95s strayed', () => {
    const summary = summarize([round(900, 12), round(1000, 10), round(1100, 11, 2)]);
    expect(summary).toMatchObject({ requests: 300, errors: 2, rps: 1000, p95: 11, rounds: 3 });
    expect(summary.spread).toBeCloseTo(2 / 11);
    expect(summarize([round(900, 12), round(1000, 10)])).toMatchObject({ rps: 950, p95: 11 });
    expect(() => summarize([])).toThrow(/no round/);
  });

  it('holds within 15% of the other commit, and fails past it on p95, on throughput, or on any error', () => {
    const before = summarize([round(1000, 10)]);
    expect(worseThan(summarize([round(880, 11.4)]), before)).toEqual([]);
    expect(worseThan(summarize([round(1000, 11.6)]), before)).toEqual(['p95 11.6 ms > 11.5 ms']);
    expect(worseThan(summarize([round(860, 10)]), before)).toEqual(['860 req/s < 870 req/s']);
    expect(worseThan(summarize([round(1000, 10, 3)]), before)).toEqual(['3 errors']);
  });

  it('finds the commit the recorded figures came from', () => {
    expect(recordedCommit(`# Benchmarks\n\n${commitMarker('d24506d0a1b2')}\n`)).toBe('d24506d0a1b2');
    expect(recordedCommit('# Benchmarks\n')).toBeNull();
  });
});
