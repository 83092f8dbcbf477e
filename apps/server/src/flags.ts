import { loadConfig } from './config.js';
import { ConfigError } from './config-env.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './lib/data-dir-lock.js';
import { FlagsUsageError, parseFlagsArgs, runFlagsCommand } from './modules/feature-flags/flags-command.js';

/**
 * The operator's command for feature flags (`npm run flags -- list|on|off FLAG [--firm pk]`), on the
 * same configuration and database as the server. On the embedded database the server must be
 * stopped first: the database serves one process at a time, and this says so if it is not.
 */
const main = async () => {
  const command = parseFlagsArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const lines = await runFlagsCommand(database.db, config.featureFlagDefaults, command);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
};

main().catch((err: unknown) => {
  const known = err instanceof FlagsUsageError || err instanceof ConfigError || err instanceof DataDirInUseError;
  process.stderr.write(`${known ? (err as Error).message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
