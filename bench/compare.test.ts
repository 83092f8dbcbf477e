import { describe, expect, it } from 'vitest';
import { ANSWERS_LABEL, compareFigure, compareRun, recordedAnswers, recordedFigures } from './compare.js';
import type { TargetResult } from './report.js';

const MARKDOWN = `# Benchmarks

## PostgreSQL

| endpoint | throughput | p50 | p95 | p99 | errors | SQL floor p50 | SQL floor p95 |
|---|---|---|---|---|---|---|---|
| Client active list, first page | 743 req/s | 12.1 ms | 23.8 ms | 37.3 ms | 0 | 0.8 ms | 1.7 ms |
| Counters | 1572 req/s | 6.1 ms | 9.7 ms | 12.5 ms | 0 | 0.3 ms | 0.5 ms |

## PGlite

| Client active list, first page | 184 req/s | 48.1 ms | 95.3 ms | 110.5 ms | 0 | 2.6 ms | 3.9 ms |
`;

const run = (clientActive: { rps: number; p95: number; errors?: number }): TargetResult => ({
  name: 'PostgreSQL',
  transactions: 0,
  bigCompanyTransactions: 0,
  seedSeconds: 0,
  load: {
    clientActive: { requests: 1, errors: clientActive.errors ?? 0, rps: clientActive.rps, p50: 1, p95: clientActive.p95, p99: 1 },
    counters: { requests: 1, errors: 0, rps: 1600, p50: 1, p95: 9, p99: 1 },
  },
  floors: {},
  bulk: { count: 0, median: 0, max: 0 },
  loadAverage: { before: 0, after: 0 },
});

describe('the benchmark comparison', () => {
  it('reads the recorded figures of one section only', () => {
    expect(Object.fromEntries(recordedFigures(MARKDOWN, 'PostgreSQL'))).toEqual({
      'Client active list, first page': { rps: 743, p95: 23.8 },
      Counters: { rps: 1572, p95: 9.7 },
    });
    expect(() => recordedFigures(MARKDOWN, 'MySQL')).toThrow(/no "## MySQL" section/);
  });

  it('holds within 30%, and fails past it on p95, on throughput, or on any error', () => {
    const recorded = recordedFigures(MARKDOWN, 'PostgreSQL');
    expect(compareRun(recorded, run({ rps: 600, p95: 30 })).every((r) => r.worse.length === 0)).toBe(true);
    expect(compareRun(recorded, run({ rps: 743, p95: 31.5 }))[0]!.worse).toEqual(['p95 31.5 ms > 30.9 ms']);
    expect(compareRun(recorded, run({ rps: 560, p95: 20 }))[0]!.worse).toEqual(['560 req/s < 572 req/s']);
    expect(compareRun(recorded, run({ rps: 743, p95: 20, errors: 3 }))[0]!.worse).toEqual(['3 errors']);
  });

  it('reads the answers figure from its own section and holds it to the same tolerance', () => {
    const answers = `${MARKDOWN}
<!-- answers:start -->
## Answers under load

| clients | answers | errors | answers/s | p50 | p95 | p99 | slowest |
|---:|---:|---:|---:|---:|---:|---:|---:|
| 50 | 13920 | 0 | 232 | 209.7 ms | 276.5 ms | 294.2 ms | 329.9 ms |
<!-- answers:end -->
`;
    expect(recordedAnswers(MARKDOWN)).toBeUndefined();
    const recorded = recordedAnswers(answers);
    expect(recorded).toEqual({ rps: 232, p95: 276.5 });
    expect(compareFigure(ANSWERS_LABEL, recorded, { rps: 200, p95: 300, errors: 0 }).worse).toEqual([]);
    expect(compareFigure(ANSWERS_LABEL, recorded, { rps: 170, p95: 380, errors: 1 }).worse).toEqual(['p95 380.0 ms > 359.4 ms', '170 req/s < 178 req/s', '1 errors']);
  });
});
