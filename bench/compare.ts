import type { LoadResult } from './load.js';
import { LABELS, type TargetResult } from './report.js';

/** How much worse than the recorded figure a new run may be before `--compare` fails. */
export const TOLERANCE = 0.3;

export interface Recorded {
  rps: number;
  p95: number;
}

export interface Comparison {
  endpoint: string;
  recorded: Recorded;
  measured: Pick<LoadResult, 'rps' | 'p95' | 'errors'>;
  /** What made it fail, in words; empty when it holds. */
  worse: string[];
}

/**
 * The figures a section of BENCHMARKS.md recorded (`## PostgreSQL`), by endpoint label: throughput
 * and p95 of each row of its table.
 */
export const recordedFigures = (markdown: string, section: string): Map<string, Recorded> => {
  const start = markdown.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`BENCHMARKS.md has no "## ${section}" section to compare with: run \`npm run bench -- --write\` first`);
  const end = markdown.indexOf('\n## ', start + 1);
  const rows = markdown.slice(start, end < 0 ? undefined : end).split('\n');
  const figures = new Map<string, Recorded>();
  for (const row of rows) {
    const cells = row.split('|').map((c) => c.trim());
    const rps = /^([\d.]+) req\/s$/.exec(cells[2] ?? '');
    const p95 = /^([\d.]+) ms$/.exec(cells[4] ?? '');
    if (cells[1] && rps && p95) figures.set(cells[1], { rps: Number(rps[1]), p95: Number(p95[1]) });
  }
  return figures;
};

/** One figure of a new run against its recorded one: p95 or throughput more than `tolerance` worse, or any error, fails it. */
export const compareFigure = (endpoint: string, before: Recorded | undefined, measured: Comparison['measured'], tolerance = TOLERANCE): Comparison => {
  if (!before) throw new Error(`BENCHMARKS.md records no figures for "${endpoint}"`);
  const worse: string[] = [];
  if (measured.p95 > before.p95 * (1 + tolerance)) worse.push(`p95 ${measured.p95.toFixed(1)} ms > ${(before.p95 * (1 + tolerance)).toFixed(1)} ms`);
  if (measured.rps < before.rps / (1 + tolerance)) worse.push(`${measured.rps.toFixed(0)} req/s < ${(before.rps / (1 + tolerance)).toFixed(0)} req/s`);
  if (measured.errors > 0) worse.push(`${measured.errors} errors`);
  return { endpoint, recorded: before, measured, worse };
};

/** Each endpoint of the new run against its recorded figures. */
export const compareRun = (recorded: Map<string, Recorded>, run: TargetResult, tolerance = TOLERANCE): Comparison[] =>
  Object.entries(run.load).map(([key, measured]) => {
    const endpoint = LABELS[key] ?? key;
    return compareFigure(endpoint, recorded.get(endpoint), measured, tolerance);
  });

/** The label of the answers figure in the comparison. */
export const ANSWERS_LABEL = 'Answers, 50 clients at once';

/** The answers figure the answers section of BENCHMARKS.md recorded (answers a second and p95), or undefined. */
export const recordedAnswers = (markdown: string): Recorded | undefined => {
  const start = markdown.indexOf('<!-- answers:start -->');
  const end = markdown.indexOf('<!-- answers:end -->');
  if (start < 0 || end < start) return undefined;
  for (const row of markdown.slice(start, end).split('\n')) {
    // | clients | answers | errors | answers/s | p50 | p95 | …
    const cells = row.split('|').map((c) => c.trim());
    const p95 = /^([\d.]+) ms$/.exec(cells[6] ?? '');
    if (/^\d+$/.test(cells[1] ?? '') && /^\d+$/.test(cells[4] ?? '') && p95) return { rps: Number(cells[4]), p95: Number(p95[1]) };
  }
  return undefined;
};

/** The comparison as a table, and a last line saying whether it held. */
export const renderComparison = (rows: Comparison[], tolerance = TOLERANCE) =>
  [
    `Compared with BENCHMARKS.md (fails when more than ${Math.round(tolerance * 100)}% worse):`,
    '',
    '| endpoint | recorded | now | verdict |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.recorded.rps.toFixed(0)} req/s, p95 ${r.recorded.p95.toFixed(1)} ms | ${r.measured.rps.toFixed(0)} req/s, p95 ${r.measured.p95.toFixed(1)} ms | ${r.worse.length ? `WORSE: ${r.worse.join('; ')}` : 'holds'} |`,
    ),
    '',
    rows.some((r) => r.worse.length) ? 'The comparison FAILED.' : 'Every figure holds.',
  ].join('\n');
