import { describe, expect, it } from 'vitest';
import { mergeReport } from './report.js';

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
