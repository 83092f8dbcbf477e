import { describe, expect, it } from 'vitest';
import { commitMarker, judge, recordedCommit, summarize } from './compare.js';

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
    expect(judge(summarize([round(880, 11.4)]), before)).toEqual({ worse: [], unsure: [] });
    expect(judge(summarize([round(1000, 11.6)]), before).worse).toEqual(['p95 11.6 ms > 11.5 ms']);
    expect(judge(summarize([round(860, 10)]), before).worse).toEqual(['860 req/s < 870 req/s']);
    expect(judge(summarize([round(1000, 10, 3)]), before).worse).toEqual(['3 errors']);
  });

  it('calls a difference inside the rounds’ own spread unsure, and worse only when every round was worse', () => {
    const before = summarize([round(1000, 9), round(1000, 10), round(1000, 30)]);
    const noisy = judge(summarize([round(1000, 12), round(1000, 13), round(1000, 14)]), before);
    expect(noisy).toEqual({ worse: [], unsure: ['p95 13.0 ms > 11.5 ms, but the rounds overlap'] });
    const steady = summarize([round(1000, 9), round(1000, 10), round(1000, 11)]);
    expect(judge(summarize([round(700, 12), round(700, 13), round(700, 14)]), steady).worse).toEqual(['p95 13.0 ms > 11.5 ms', '700 req/s < 870 req/s']);
  });

  it('finds the commit the recorded figures came from', () => {
    expect(recordedCommit(`# Benchmarks\n\n${commitMarker('d24506d0a1b2')}\n`)).toBe('d24506d0a1b2');
    expect(recordedCommit('# Benchmarks\n')).toBeNull();
  });
});
