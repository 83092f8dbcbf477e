import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './load.js';

export interface TargetResult {
  name: string;
  transactions: number;
  bigCompanyTransactions: number;
  seedSeconds: number;
  load: Record<string, LoadResult>;
  floors: Record<string, { p50: number; p95: number }>;
  bulk: { count: number; median: number; max: number };
  /** One-minute load average of the machine before and after the measurements. */
  loadAverage: { before: number; after: number };
}

/** How each measured endpoint is named in BENCHMARKS.md's tables (and found again there by `--compare`). */
export const LABELS: Record<string, string> = {
  clientActive: 'Client active list, first page',
  categorizedFiltered: 'Accountant categorized list, 3 filters + WITHOUT_CLASS',
  counters: 'Counters',
};

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** BENCHMARKS.md, from one run. */
export const renderReport = (results: TargetResult[], opts: { connections: number; durationMs: number; cpus: number; date: Date }) => {
  const lines = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench -- --write\` on ${opts.date.toISOString().slice(0, 10)} (a benchmark, not a test). The server runs in its own process on this machine (${opts.cpus} cores),`,
    `reaching PostgreSQL through its Unix socket; the load generator (node:http, kept-alive connections, another process on the same cores)`,
    `keeps ${opts.connections} concurrent clients busy for ${opts.durationMs / 1000} s per endpoint. "SQL floor" is the same queries`,
    '(count + page with details, or the counters) run alone against the database, without HTTP, serialization or concurrency.',
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.name}`,
      '',
      `${r.transactions.toLocaleString('en-US')} transactions in ${(r.transactions - r.bigCompanyTransactions) / 200 + 1} companies; the measured company holds ${r.bigCompanyTransactions.toLocaleString('en-US')} (with lines, notes and attachments). Seeded in ${r.seedSeconds.toFixed(0)} s.`,
      '',
    );
    lines.push('| endpoint | throughput | p50 | p95 | p99 | errors | SQL floor p50 | SQL floor p95 |', '|---|---|---|---|---|---|---|---|');
    for (const [key, l] of Object.entries(r.load)) {
      const f = r.floors[key];
      lines.push(
        `| ${LABELS[key] ?? key} | ${l.rps.toFixed(0)} req/s | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${l.errors} | ${f ? ms(f.p50) : '–'} | ${f ? ms(f.p95) : '–'} |`,
      );
    }
    lines.push('', `Bulk update of ${r.bulk.count} transactions (one PATCH, five runs): median ${ms(r.bulk.median)}, slowest ${ms(r.bulk.max)}.`, '');
    lines.push(
      `Machine load (1-minute average) ${r.loadAverage.before.toFixed(1)} before the measurements, ${r.loadAverage.after.toFixed(1)} after (${opts.cpus} cores: above ${opts.cpus} means other work competed for the CPU).`,
      '',
    );
  }
  return lines.join('\n');
};

/**
 * The figures' part of BENCHMARKS.md after a run: the new report, with the section of a database
 * this run did not measure (`--only=postgres` or `--only=pglite`) kept from the previous file.
 */
export const mergeReport = (previousHead: string, report: string): string => {
  const sections = (text: string) => text.split(/\n(?=## )/);
  const ran = new Set(sections(report).map((s) => s.split('\n')[0]));
  const kept = sections(previousHead)
    .slice(1)
    .filter((s) => !ran.has(s.split('\n')[0]));
  return [report.replace(/\n+$/, ''), ...kept.map((s) => s.replace(/\n+$/, ''))].join('\n\n') + '\n';
};

/** Writes a marked section of BENCHMARKS.md: in place of its previous run, or at the end the first time. */
export const writeSection = (file: string, marker: string, section: string) => {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = previous.indexOf(`<!-- ${marker}:start -->`);
  const endMark = `<!-- ${marker}:end -->`;
  const end = previous.indexOf(endMark);
  if (start >= 0 && end > start) {
    // The hand-written paragraphs around it (what changed, why) stay where they are; a section last in the file
    // ends it without a line break.
    const after = previous.slice(end + endMark.length).replace(/^\n/, '');
    writeFileSync(file, `${previous.slice(0, start)}${section.trimEnd()}\n${after}`);
    return;
  }
  writeFileSync(file, `${previous.trimEnd()}\n\n${section.trimEnd()}\n`);
};
