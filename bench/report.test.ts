import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeReport, writeSection } from './report.js';

const HEAD = '# Benchmarks\n\nHow it was measured.\n\n## PostgreSQL\n\n| old pg |\n\n## PGlite\n\n| old pglite |\n';

describe('writing the figures of one database', () => {
  it('replaces that database’s section and keeps the other one’s', () => {
    const merged = mergeReport(HEAD, '# Benchmarks\n\nHow it was measured.\n\n## PostgreSQL\n\n| new pg |\n');
    expect(merged).toBe('# Benchmarks\n\nHow it was measured.\n\n## PostgreSQL\n\n| new pg |\n\n## PGlite\n\n| old pglite |\n');
  });

  it('replaces both when both ran', () => {
    const report = '# Benchmarks\n\n## PostgreSQL\n\n| new pg |\n\n## PGlite\n\n| new pglite |\n';
    expect(mergeReport(HEAD, report)).toBe(report);
  });
});

describe('writing one part’s section', () => {
  it('replaces the section where it stands, the last one of the file too, and adds a new one at the end', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
    const file = path.join(dir, 'BENCHMARKS.md');
    writeFileSync(file, '# Benchmarks\n\nWhy.\n\n<!-- a:start -->\nold a\n<!-- a:end -->');
    writeSection(file, 'a', '<!-- a:start -->\nnew a\n<!-- a:end -->');
    expect(readFileSync(file, 'utf8')).toBe('# Benchmarks\n\nWhy.\n\n<!-- a:start -->\nnew a\n<!-- a:end -->\n');
    writeSection(file, 'b', '<!-- b:start -->\nb\n<!-- b:end -->');
    writeSection(file, 'a', '<!-- a:start -->\nnewer a\n<!-- a:end -->');
    expect(readFileSync(file, 'utf8')).toBe('# Benchmarks\n\nWhy.\n\n<!-- a:start -->\nnewer a\n<!-- a:end -->\n\n<!-- b:start -->\nb\n<!-- b:end -->\n');
  });
});
