import { describe, expect, it } from 'vitest';
import { summarize } from './compare.js';
import type { SideBySideResult } from './against.js';
import { renderSideBySide, resultRows, verdicts } from './side-by-side-report.js';

const figure = (rps: number, p95: number) => summarize([{ requests: 10, errors: 0, rps, p50: p95 / 2, p95, p99: p95 }]);

const result = (sides: number): SideBySideResult => ({
  sides: [
    { label: 'working tree (abc)', commit: null },
    { label: 'main (def)', commit: 'def0123456789' },
  ].slice(0, sides),
  data: { firmPk: 1, accountantPk: 2, receiptPk: 3, bigCompanyPk: 4, accountantEmail: 'a@x', clientEmail: 'c@x', transactions: 300_000, bigCompanyTransactions: 100_000 },
  answerers: 50,
  figures: {
    clientActive: { sides: [figure(1000, 10), figure(1000, 10)].slice(0, sides), bare: figure(2000, 4), sql: figure(5000, 2), statements: 1 },
    answers: { sides: [figure(200, 300), figure(250, 200)].slice(0, sides) },
  },
  rounds: 3,
  listMs: 10_000,
  answersMs: 20_000,
  loadAverage: { before: 0.5, after: 1.5 },
});

describe('the side-by-side report', () => {
  it('writes one JSON row per figure, with the floors and the other commit where measured', () => {
    const [list, answers] = resultRows(result(2));
    expect(list).toEqual({
      section: 'lists',
      endpoint: 'Client active list, first page',
      rows: 100_000,
      throughput: 1000,
      p50_ms: 5,
      p95_ms: 10,
      p99_ms: 10,
      errors: 0,
      bare_p95_ms: 4,
      sql_p95_ms: 2,
      ref: { commit: 'def0123456789', throughput: 1000, p95_ms: 10 },
    });
    expect(answers).toMatchObject({ section: 'answers', rows: 75_000, bare_p95_ms: null, sql_p95_ms: null, ref: { p95_ms: 200 } });
    expect(resultRows(result(1))[0]!.ref).toBeNull();
  });

  it('fails a figure worse than the other commit and says why, and prints the ratios to the floor', () => {
    expect(verdicts(result(2))).toEqual({ worse: ['Answers, 50 clients at once: p95 300.0 ms > 230.0 ms; 200 req/s < 217 req/s'], unsure: [] });
    expect(verdicts(result(1))).toEqual({ worse: [], unsure: [] });
    const markdown = renderSideBySide(result(2), 'npm run bench -- --against=main', 'abc0123');
    expect(markdown).toContain('<!-- bench-commit: abc0123 -->');
    expect(markdown).toContain('| 2.50× | 2.00× | 1 |');
    expect(markdown).toContain('| 1.50× |');
  });
});
