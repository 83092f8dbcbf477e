/**
 * The side-by-side verdict (bench/against.ts): each figure of the working tree against the same
 * figure of the other commit, both measured in the same run, round after round, on the same machine.
 */
import type { LoadResult } from './load.js';

/** How much worse than the other commit a figure may be before the run fails. */
export const TOLERANCE = 0.15;

/** Several rounds of one figure, as one: medians, errors summed, and how far the rounds' p95 strayed. */
export interface Summary {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  rounds: number;
  /** (slowest round's p95 − fastest's) ÷ the median p95: how much to trust a difference. */
  spread: number;
  /** The rounds' own p95s and throughputs, for telling a difference from the machine's noise. */
  p95s: number[];
  rpss: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const summarize = (runs: LoadResult[]): Summary => {
  if (runs.length === 0) throw new Error('no round to summarize');
  const p95s = runs.map((r) => r.p95);
  const p95 = median(p95s);
  return {
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p95,
    p99: median(runs.map((r) => r.p99)),
    rounds: runs.length,
    spread: p95 > 0 ? (Math.max(...p95s) - Math.min(...p95s)) / p95 : 0,
    p95s,
    rpss: runs.map((r) => r.rps),
  };
};

export interface Verdict {
  /** What makes the working tree's figure worse, in words; empty when it holds. */
  worse: string[];
  /** Differences past the tolerance that the rounds' own spread could explain: too noisy to judge. */
  unsure: string[];
}

/**
 * The working tree's figure against the other commit's. A median more than `tolerance` worse fails
 * only when every round of the working tree was worse than every round of the other (the rounds do
 * not overlap): a busy machine spreads the rounds, and a difference inside that spread is noise,
 * reported as unsure rather than as a regression. With one round each, the medians decide. Any error fails.
 */
export const judge = (now: Summary, before: Summary, tolerance = TOLERANCE): Verdict => {
  const verdict: Verdict = { worse: [], unsure: [] };
  if (now.p95 > before.p95 * (1 + tolerance)) {
    const words = `p95 ${now.p95.toFixed(1)} ms > ${(before.p95 * (1 + tolerance)).toFixed(1)} ms`;
    if (Math.min(...now.p95s) > Math.max(...before.p95s)) verdict.worse.push(words);
    else verdict.unsure.push(`${words}, but the rounds overlap`);
  }
  if (now.rps < before.rps / (1 + tolerance)) {
    const words = `${now.rps.toFixed(0)} req/s < ${(before.rps / (1 + tolerance)).toFixed(0)} req/s`;
    if (Math.max(...now.rpss) < Math.min(...before.rpss)) verdict.worse.push(words);
    else verdict.unsure.push(`${words}, but the rounds overlap`);
  }
  if (now.errors > 0) verdict.worse.push(`${now.errors} errors`);
  return verdict;
};

/** The commit the recorded figures of BENCHMARKS.md came from (`--compare` measures against it), or null. */
export const recordedCommit = (markdown: string): string | null => /<!-- bench-commit: ([0-9a-f]{7,40}) -->/.exec(markdown)?.[1] ?? null;

/** The marker `recordedCommit` reads. */
export const commitMarker = (commit: string) => `<!-- bench-commit: ${commit} -->`;
