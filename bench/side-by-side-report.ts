/** The side-by-side run (bench/against.ts) as a BENCHMARKS.md section, as rows for `bench/results/latest.json`, and as a verdict. */
import os from 'node:os';
import { commitMarker, judge, TOLERANCE, type Summary } from './compare.js';
import type { SideBySideResult } from './against.js';
import type { ResultRow } from './results-json.js';

/** How each figure is named in BENCHMARKS.md and in the JSON results. */
export const FIGURE_LABELS: Record<string, { section: string; endpoint: string }> = {
  clientActive: { section: 'lists', endpoint: 'Client active list, first page' },
  categorizedFiltered: { section: 'lists', endpoint: 'Accountant categorized list, 3 filters + WITHOUT_CLASS' },
  counters: { section: 'lists', endpoint: 'Counters' },
  answers: { section: 'answers', endpoint: 'Answers, 50 clients at once' },
};

const label = (figure: string) => FIGURE_LABELS[figure] ?? { section: 'other', endpoint: figure };
const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
const pct = (n: number) => `±${Math.round((n * 100) / 2)}%`;
const figureText = (s: Summary) => `${Math.round(s.rps).toLocaleString('en-US')}/s, p95 ${ms(s.p95)}`;

const rowsOf = (r: SideBySideResult, figure: string) => (label(figure).section === 'answers' ? r.answerers * 1_500 : r.data.bigCompanyTransactions);

/** Each figure the working tree made worse than the other commit (`worse`), or that the machine was too noisy to judge (`unsure`), with why. */
export const verdicts = (r: SideBySideResult) => {
  const found = { worse: [] as string[], unsure: [] as string[] };
  if (r.sides.length < 2) return found;
  for (const [figure, f] of Object.entries(r.figures)) {
    const { worse, unsure } = judge(f.sides[0]!, f.sides[1]!);
    if (worse.length) found.worse.push(`${label(figure).endpoint}: ${worse.join('; ')}`);
    if (unsure.length) found.unsure.push(`${label(figure).endpoint}: ${unsure.join('; ')}`);
  }
  return found;
};

export const resultRows = (r: SideBySideResult): ResultRow[] =>
  Object.entries(r.figures).map(([figure, f]) => {
    const now = f.sides[0]!;
    const other = f.sides[1];
    return {
      ...label(figure),
      rows: rowsOf(r, figure),
      throughput: now.rps,
      p50_ms: now.p50,
      p95_ms: now.p95,
      p99_ms: now.p99,
      errors: now.errors,
      bare_p95_ms: f.bare?.p95 ?? null,
      sql_p95_ms: f.sql?.p95 ?? null,
      ref: other ? { commit: r.sides[1]!.commit!, throughput: other.rps, p95_ms: other.p95 } : null,
    };
  });

export const renderSideBySide = (r: SideBySideResult, command: string, headCommit: string) => {
  const [current, other] = r.sides;
  const floorRows = Object.entries(r.figures).filter(([, f]) => f.bare && f.sql);
  const lines = [
    '<!-- side-by-side:start -->',
    `## PostgreSQL: Herd beside its floor${other ? ` and beside ${other.label}` : ''}`,
    '',
    commitMarker(headCommit),
    `Measured ${new Date().toISOString().slice(0, 10)} by \`${command}\` (bench/against.ts) on ${os.cpus().length} cores, load average ${r.loadAverage.before.toFixed(1)} before and ${r.loadAverage.after.toFixed(1)} after.`,
    `${current!.label}${other ? ` and ${other.label}, each its own API process (\`--role=api\`) on a copy of the same seeded database, taking turns` : ', its API process (`--role=api`)'}:`,
    `${r.rounds} round${r.rounds === 1 ? '' : 's'}; per round each list ${r.listMs / 1000} s under ${10} concurrent clients${r.figures.answers ? `, the answers ${r.answersMs / 1000} s under ${r.answerers} clients` : ''}. Figures are the rounds' medians; the spread is half the range of the rounds' p95 around it.`,
    `The measured company holds ${r.data.bigCompanyTransactions.toLocaleString('en-US')} transactions (${r.data.transactions.toLocaleString('en-US')} in the firm).`,
    '',
  ];
  if (floorRows.length) {
    lines.push(
      'Each list three ways: through Herd; through a bare Fastify route sending exactly the statements Herd sends for it (noted from its code, prepared by the same names) and answering `JSON.stringify` of the rows; and the SQL alone from the load generator’s process, as many at once.',
      '',
      '| endpoint | Herd | bare route | SQL alone | Herd ÷ bare (p95) | bare ÷ SQL (p95) | statements |',
      '|---|---|---|---|---:|---:|---:|',
      ...floorRows.map(
        ([figure, f]) =>
          `| ${label(figure).endpoint} | ${figureText(f.sides[0]!)} | ${figureText(f.bare!)} | ${figureText(f.sql!)} | ${ratio(f.sides[0]!.p95, f.bare!.p95)} | ${ratio(f.bare!.p95, f.sql!.p95)} | ${f.statements ?? '–'} |`,
      ),
      '',
    );
  }
  if (other) {
    lines.push(
      `Side by side (fails when the working tree is more than ${Math.round(TOLERANCE * 100)}% worse in every round; unsure when the rounds overlap):`,
      '',
      `| endpoint | ${current!.label} | ${other.label} | new ÷ old (p95) | spread (new, old) | verdict |`,
      '|---|---|---|---:|---|---|',
      ...Object.entries(r.figures).map(([figure, f]) => {
        const { worse, unsure } = judge(f.sides[0]!, f.sides[1]!);
        const verdict = worse.length ? `WORSE: ${worse.join('; ')}` : unsure.length ? `unsure: ${unsure.join('; ')}` : 'holds';
        return `| ${label(figure).endpoint} | ${figureText(f.sides[0]!)}, ${f.sides[0]!.errors} errors | ${figureText(f.sides[1]!)}, ${f.sides[1]!.errors} errors | ${ratio(f.sides[0]!.p95, f.sides[1]!.p95)} | ${pct(f.sides[0]!.spread)}, ${pct(f.sides[1]!.spread)} | ${verdict} |`;
      }),
      '',
    );
  } else {
    lines.push(
      '| endpoint | throughput | p50 | p95 | p99 | errors |',
      '|---|---|---|---|---|---|',
      ...Object.entries(r.figures).map(([figure, f]) => {
        const s = f.sides[0]!;
        return `| ${label(figure).endpoint} | ${Math.round(s.rps)} req/s | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.errors} |`;
      }),
      '',
    );
  }
  lines.push('<!-- side-by-side:end -->', '');
  return lines.join('\n');
};
