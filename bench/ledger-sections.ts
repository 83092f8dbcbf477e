import { renderKarbonReport, runKarbonBench } from './karbon.js';
import { renderQbdReport, runQbdBench } from './qbd.js';
import { renderQboReport, runQboBench } from './qbo.js';
import { writeSection } from './report.js';
import { renderXeroReport, runXeroBench } from './xero.js';

interface SectionOptions {
  only: string | undefined;
  pgUrl: string | null;
  write: boolean;
  file: string;
  /** A new database on the PostgreSQL server of `pgUrl`, for a part that needs its own. */
  freshDatabase(url: string, name: string): Promise<string>;
}

/** The integrations' parts of the bench (QuickBooks Online, Xero, QuickBooks Desktop: a pull and a publish each; Karbon: events delivered) against their simulators, each written as a section of its own. */
export const runLedgerSections = async ({ only, pgUrl, write, file, freshDatabase }: SectionOptions) => {
  if (!only || only === 'qbo') {
    process.stderr.write('\nQuickBooks Online: pull of 20,000 and publish of 500 against the simulator…\n');
    const qbo = renderQboReport(await runQboBench(pgUrl));
    process.stdout.write(`${qbo}\n`);
    // The section lives at the end of the file, after the notes, and replaces its previous run.
    if (write) writeSection(file, 'qbo', qbo);
  }
  if (!only || only === 'xero') {
    if (pgUrl) {
      process.stderr.write('\nXero: pull of 20,000 and publish of 500 against the simulator, at Xero’s 60 requests a minute (several minutes)…\n');
      const xero = renderXeroReport(await runXeroBench(await freshDatabase(pgUrl, 'herd_bench_xero')));
      process.stdout.write(`${xero}\n`);
      if (write) writeSection(file, 'xero', xero);
    } else process.stderr.write('Xero sync skipped: it is measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (!only || only === 'qbd') {
    if (pgUrl) {
      process.stderr.write('\nQuickBooks Desktop: pull of 20,000 and publish of 500 through the simulated Web Connector…\n');
      const qbd = renderQbdReport(await runQbdBench(await freshDatabase(pgUrl, 'herd_bench_qbd')));
      process.stdout.write(`${qbd}\n`);
      if (write) writeSection(file, 'qbd', qbd);
    } else process.stderr.write('QuickBooks Desktop sync skipped: it is measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (!only || only === 'karbon') {
    if (pgUrl) {
      process.stderr.write('\nKarbon: 1,000 client finishes delivered at Karbon’s 120 requests a minute (about nine minutes)…\n');
      const karbon = renderKarbonReport(await runKarbonBench(await freshDatabase(pgUrl, 'herd_bench_karbon')));
      process.stdout.write(`${karbon}\n`);
      if (write) writeSection(file, 'karbon', karbon);
    } else process.stderr.write('Karbon events skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
};
