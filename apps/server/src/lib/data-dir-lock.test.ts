import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirInUseError, claimDataDir } from './data-dir-lock.js';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'herd-lock-'));

describe('the embedded database folder serves one process at a time', () => {
  it('refuses a second process while the first runs, and says what to do', async () => {
    const dir = freshDir();
    // Another live process holds the folder.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), String(other.pid));
      expect(() => claimDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => claimDataDir(dir)).toThrow(`Another Herd process (pid ${other.pid}) has the embedded database in ${dir} open.`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and gives it back on release', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), String(gone.pid));
    const release = claimDataDir(dir);
    expect(readFileSync(path.join(dir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
    // Free again: claimed and released a second time.
    claimDataDir(dir)();
  });
});
