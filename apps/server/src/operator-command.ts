import { loadConfig, type Config } from './config.js';
import { ConfigError } from './config-env.js';
import { openDatabase, type Db } from './db/client.js';
import { DataDirInUseError } from './lib/data-dir-lock.js';
import { OperatorUsageError } from './lib/operator-args.js';

/**
 * Reads an operator's command line and runs it (`npm run flags`, `npm run banner`) on the same configuration and
 * database as the server, and prints its lines. On the embedded database the server must be stopped
 * first: the database serves one process at a time, and this says so if it is not. Mistakes the
 * operator can fix print their message alone; anything else prints its stack.
 */
export const runOperatorCommand = <C>(parse: (args: readonly string[]) => C, run: (db: Db, config: Config, command: C) => Promise<string[]>) => {
  const main = async () => {
    const command = parse(process.argv.slice(2));
    const config = loadConfig();
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const lines = await run(database.db, config, command);
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await database.close();
    }
  };
  main().catch((err: unknown) => {
    const known = err instanceof OperatorUsageError || err instanceof ConfigError || err instanceof DataDirInUseError;
    process.stderr.write(`${known ? (err as Error).message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
};
