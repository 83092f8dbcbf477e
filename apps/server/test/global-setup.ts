import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl } from '../src/db/client.js';
import { createTemplateDatabase, dropDatabase } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string | null;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database for the whole run; each test file then starts from a
 * copy of it (a PGlite data-dir dump, or a PostgreSQL TEMPLATE database),
 * which is far cheaper than migrating per file.
 */
export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `herd_template_${process.pid}`;
    const templateUrl = await createTemplateDatabase(url, template);
    const database = fromPostgresUrl(templateUrl);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpPath', null);
    return async () => dropDatabase(url, template);
  }
  const pglite = await PGlite.create();
  const database = fromPglite(pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'herd-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
