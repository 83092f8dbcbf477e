#!/usr/bin/env node
// Fails when the Drizzle schema has changes that no committed migration holds:
// generates into a scratch copy of the migrations folder and requires that
// drizzle-kit finds nothing to add.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// drizzle-kit reads `out` relative to the working directory, so the scratch copy lives inside the repo (.tmp is ignored).
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(path.join(root, '.tmp', 'migrations-'));
const out = path.relative(root, path.join(scratch, 'drizzle'));
cpSync(path.join(root, 'apps/server/drizzle'), out, { recursive: true });
const config = path.join(scratch, 'drizzle.config.mjs');
writeFileSync(config, `export default ${JSON.stringify({ dialect: 'postgresql', schema: './apps/server/src/db/schema/index.ts', out })};\n`);

const sqlFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.sql'));
let output = '';
try {
  const before = sqlFiles(out).length;
  try {
    output = execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (err) {
    console.error(`drizzle-kit failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    process.exit(1);
  }
  const drifted = sqlFiles(out).length !== before || !/No schema changes/.test(output);
  if (drifted) {
    console.error(`The database schema has changes with no migration. Run \`npm run db:generate\` and commit the new file.\n${output}`);
    process.exit(1);
  }
  console.warn('migrations: schema and committed migrations agree');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
