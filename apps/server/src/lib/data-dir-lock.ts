import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.js';

export const DATA_DIR_LOCK_FILE = 'herd.pid';

export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `Another Herd process (pid ${pid}) has the embedded database in ${dataDir} open. The embedded database serves one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL) to run several.`,
    );
    this.name = 'DataDirInUseError';
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (file: string): number | null => {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

const removeIfThere = (file: string) => {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
};

/**
 * Claims the data folder for this process, so that a second process (a second server, or an
 * operator command while the server runs) cannot open the embedded database beside it: two
 * writers would corrupt it. A lock left by a process that is gone (killed, or this same pid in a
 * restarted container) is taken over. Answers the release, to call when the database is closed.
 */
export const claimDataDir = (dataDir: string): (() => void) => {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const mine = String(process.pid);
  for (;;) {
    try {
      writeFileSync(file, mine, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(file);
      if (holder !== null && holder !== process.pid && isRunning(holder)) throw new DataDirInUseError(holder, dataDir);
      removeIfThere(file);
    }
  }
  return () => {
    if (readPid(file) === process.pid) removeIfThere(file);
  };
};
