import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../../lib/private-files.js';

/** A change is written at most this long after it was made, and at most once in this time however busy the sandbox is. */
export const SANDBOX_WRITE_DELAY_MS = 1_000;

/** What decides where a sandbox is kept; a caller that names no data folder keeps its sandbox in memory. */
export type SandboxPlace = Partial<Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>>;

/**
 * Where the built-in sandboxes keep their state: `DATA_DIR/sandboxes/`, when this install uses
 * DATA_DIR at all (the embedded database, or files on local disk: the same rule that makes the
 * folder at start). With both DATABASE_URL and S3_BUCKET nothing of the install is on local disk,
 * and the sandboxes stay in memory only.
 */
export const sandboxStateDir = (config: SandboxPlace): string | null =>
  !config.dataDir || (config.databaseUrl && config.s3) ? null : path.join(config.dataDir, 'sandboxes');

export interface KeptSandbox<T> {
  /** The sandbox's state: as it was saved, or fresh when nothing was (or nothing could be read). */
  state: T;
  /** Says the state changed: it is written within SANDBOX_WRITE_DELAY_MS, and when the server closes. */
  changed(): void;
}

export interface SandboxKeeping<T> {
  fresh: () => T;
  /** The state from what `snapshot` wrote; throws on anything else. */
  restore: (saved: unknown) => T;
  /** What to write: plain JSON (bytes as base64). */
  snapshot: (state: T) => unknown;
}

/**
 * What the file held, restored; null when there is none. A file that cannot be read or restored is
 * moved aside (kept for whoever wants to look at it) rather than overwritten by a fresh sandbox.
 */
const readKept = <T>(log: FastifyBaseLogger, file: string, restore: (saved: unknown) => T): T | null => {
  if (!existsSync(file)) return null;
  try {
    return restore(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    const aside = `${file}.unreadable-${Date.now()}`;
    try {
      renameSync(file, aside);
      log.warn({ err, file, movedTo: aside }, 'a built-in sandbox’s saved state could not be read: it starts afresh, and the file was moved aside');
    } catch (moveErr) {
      log.warn({ err, moveErr, file }, 'a built-in sandbox’s saved state could not be read, nor moved aside: it starts afresh and its next write replaces the file');
    }
    return null;
  }
};

/** Written beside the file and renamed over it, so a crash mid-write leaves the previous state whole. */
const writeAtomically = (dir: string, file: string, text: string) => {
  ensurePrivateDir(dir);
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, text, { mode: PRIVATE_FILE_MODE });
  renameSync(aside, file);
};

/**
 * A built-in sandbox's state kept in `DATA_DIR/sandboxes/<name>.json` across restarts: read back
 * at start, written (whole) shortly after changes and when the server closes. It holds the
 * sandbox's tokens and keys, so it is private to the server's user, as DATA_DIR's other files are.
 * Only a process that changed its sandbox writes: a second process on the same folder (a worker
 * beside an API process) never overwrites the other's file with the state it read at start.
 */
export const keepSandbox = <T>(app: FastifyInstance, config: SandboxPlace, name: string, keeping: SandboxKeeping<T>): KeptSandbox<T> => {
  const dir = sandboxStateDir(config);
  if (!dir) return { state: keeping.fresh(), changed: () => {} };
  const file = path.join(dir, `${name}.json`);
  const state = readKept(app.log, file, keeping.restore) ?? keeping.fresh();
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    try {
      writeAtomically(dir, file, JSON.stringify(keeping.snapshot(state)));
    } catch (err) {
      dirty = true;
      app.log.error({ err, file }, 'a built-in sandbox’s state could not be written; it is tried again after its next change');
    }
  };
  app.addHook('onClose', async () => {
    write();
    // Whatever still happens in this process (a late delivery) must not overwrite what the next one starts from.
    closed = true;
  });
  return {
    state,
    changed: () => {
      if (closed) return;
      dirty = true;
      if (timer) return;
      timer = setTimeout(write, SANDBOX_WRITE_DELAY_MS);
      timer.unref();
    },
  };
};

/**
 * An `onResponse` hook for a sandbox's routes: a request that may write (anything but a read)
 * marks its state changed. A read that changes something (a consent page making a firm's
 * companies) says so itself.
 */
export const changedOnWrite =
  (sandbox: { changed(): void }) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') sandbox.changed();
  };
