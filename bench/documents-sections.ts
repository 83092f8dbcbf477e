import { renderDocumentsListsReport, runDocumentsListsBench } from './documents-lists.js';
import { renderDocumentsRenderReport, runDocumentsRenderBench } from './documents-render.js';
import { writeSection } from './report.js';

/** The Documents parts of the bench: a 10,000-file folder in Chromium, and the listings over 100,000 files on PostgreSQL. */
export const runDocumentsSections = async ({ only, pgUrl, write, file }: { only: string | undefined; pgUrl: string | null; write: boolean; file: string }) => {
  if (!only || only === 'documents-render') {
    process.stderr.write('\nDocuments: a folder of 10,000 files in Chromium…\n');
    const section = renderDocumentsRenderReport(await runDocumentsRenderBench());
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'documents-render', section);
  }
  if (!only || only === 'documents-lists') {
    if (pgUrl) {
      process.stderr.write('\nDocuments listings: 100,000 files in one company, 10 concurrent clients, on PostgreSQL…\n');
      const section = renderDocumentsListsReport(await runDocumentsListsBench(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'documents-lists', section);
    } else process.stderr.write('Documents listings skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
};
