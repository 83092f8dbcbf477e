/** `bench/results/latest.json`: the last run's figures for tools to read, one object per endpoint measured. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ResultRow {
  section: string;
  endpoint: string;
  /** The size of the data measured (transactions in the company, files in the folder…). */
  rows: number;
  throughput: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
  /** The bare route's p95 (the same SQL behind Fastify, nothing else), where measured. */
  bare_p95_ms: number | null;
  /** The SQL alone's p95, where measured. */
  sql_p95_ms: number | null;
  /** The other commit's figures, when the run was side by side. */
  ref: { commit: string; throughput: number; p95_ms: number } | null;
}

export const RESULTS_FILE = path.resolve(import.meta.dirname, 'results/latest.json');

export const writeResults = (rows: ResultRow[], file = RESULTS_FILE) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
};
