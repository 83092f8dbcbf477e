import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl, type Database } from '../src/db/client.js';
import { createJobQueue } from '../src/jobs/job-queue.js';
import { createTemplateDatabase, dropCopiesOf, dropDatabase } from './postgres-admin.js';
import { installStatusRecorder } from './status-audit.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's data directory as a tar file: each worker loads it into memory. */
    pgliteTemplateFile: string | null;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database for the whole run, and installs the job queue's tables in it as the
 * app's first start would; each test file then starts from a copy of it (a copied PGlite data
 * directory, or a PostgreSQL TEMPLATE database), which is far cheaper than migrating per file.
 * Installing pg-boss's schema took each file about a second of CPU on PGlite.
 */
const prepareTemplate = async (database: Database) => {
  await database.migrate();
  const jobs = await createJobQueue(database.executeSql, () => {}, { supervise: false });
  await jobs.stop();
  // Every test app installs it too; in the template, a database put back to the template's state has it already.
  await installStatusRecorder(database.db);
};

/** Memory-backed when the machine has it. */
const scratchRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `herd_template_${process.pid}`;
    const database = fromPostgresUrl(await createTemplateDatabase(url, template));
    await prepareTemplate(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', null);
    return async () => {
      // Each worker keeps a copy of the template for its files (test/reused-database.ts) until the run ends.
      await dropCopiesOf(url, template);
      await dropDatabase(url, template);
    };
  }
  // Kept in memory, as each copy is: PGlite on a directory goes through a file-system layer with a
  // system call for every path it looks up, which took a tenth of a test file's CPU.
  const pglite = await PGlite.create();
  await prepareTemplate(fromPglite(pglite));
  const dir = mkdtempSync(path.join(scratchRoot(), 'herd-test-'));
  const templateFile = path.join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', templateFile);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
