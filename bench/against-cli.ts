/** The command line of the side-by-side run (`--against=REF`, `--compare`, `--rounds=N`, `--sections=…`), for bench/run.ts. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runSideBySide, type Section } from './against.js';
import { recordedCommit } from './compare.js';
import { writeSection } from './report.js';
import { writeResults } from './results-json.js';
import { renderSideBySide, resultRows, verdicts } from './side-by-side-report.js';

const root = path.resolve(import.meta.dirname, '..');

/** The side-by-side run's flags: `--against=REF`, or `--compare` (against the commit BENCHMARKS.md's figures came from). */
export const againstRef = () => {
  const given = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
  if (given) return given;
  if (!process.argv.includes('--compare')) return null;
  const commit = recordedCommit(readFileSync(path.join(root, 'BENCHMARKS.md'), 'utf8'));
  if (!commit) throw new Error('BENCHMARKS.md names no commit its figures came from: run `npm run bench -- --write` first, or give `--against=REF`');
  return commit;
};

/** `--sections=lists,answers`: which parts a side-by-side run measures (both by default against a ref). */
const sectionsFlag = (): Section[] | null => {
  const given = process.argv.find((a) => a.startsWith('--sections='))?.slice('--sections='.length);
  if (!given) return null;
  const sections = given.split(',');
  const unknown = sections.filter((s) => s !== 'lists' && s !== 'answers');
  if (unknown.length) throw new Error(`--sections: ${unknown.join(', ')} is not a section (lists, answers)`);
  return sections as Section[];
};

/** Herd beside its floor on PostgreSQL, and beside `ref` when given: printed, written as JSON, and to BENCHMARKS.md with `--write`. */
export const sideBySide = async (ref: string | null, write: boolean, listMs: number) => {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? (ref ? 3 : 1));
  const result = await runSideBySide({
    ref,
    rounds,
    sections: sectionsFlag() ?? (ref ? ['lists', 'answers'] : ['lists']),
    listMs,
    answersMs: Number(process.env.BENCH_ANSWER_MS || 20_000),
    scale: Number(process.env.BENCH_SCALE || 1),
  });
  const section = renderSideBySide(
    result,
    `npm run bench ${process.argv.slice(2).join(' ')}`.trim(),
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
  );
  process.stdout.write(`${section}\n`);
  writeResults(resultRows(result));
  if (write) writeSection(path.join(root, 'BENCHMARKS.md'), 'side-by-side', section);
  const { worse, unsure } = verdicts(result);
  if (worse.length) process.stdout.write(`The comparison FAILED:\n${worse.map((w) => `- ${w}`).join('\n')}\n`);
  if (unsure.length) process.stdout.write(`Too noisy to judge (run again with more --rounds, or on a quieter machine):\n${unsure.map((w) => `- ${w}`).join('\n')}\n`);
  if (ref && !worse.length && !unsure.length) process.stdout.write('Every figure holds.\n');
  return worse.length ? 'worse' : unsure.length ? 'unsure' : 'holds';
};
