import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
    pgliteTemplateDir: string | null;
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
  await database.close();
};

/** Memory-backed when the machine has it: copying a data directory there takes milliseconds. */
const scratchRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `herd_template_${process.pid}`;
    await prepareTemplate(fromPostgresUrl(await createTemplateDatabase(url, template)));
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateDir', null);
    return async () => {
      // Each worker keeps a copy of the template for its files (test/reused-database.ts) until the run ends.
      await dropCopiesOf(url, template);
      await dropDatabase(url, template);
    };
  }
  const dir = mkdtempSync(path.join(scratchRoot(), 'herd-test-'));
  const templateDir = path.join(dir, 'template');
  await prepareTemplate(fromPglite(await PGlite.create(templateDir)));
  project.provide('pgliteTemplateDir', templateDir);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
