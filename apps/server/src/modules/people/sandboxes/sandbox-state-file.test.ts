import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepSandbox, SANDBOX_WRITE_DELAY_MS, sandboxStateDir } from './sandbox-state-file.service.js';

/** A sandbox whose state is a list of words, kept as `{ kind, words }`. */
const WORDS = {
  fresh: () => [] as string[],
  restore: (saved: unknown) => {
    const file = saved as { kind?: string; words?: string[] };
    if (file.kind !== 'words' || !Array.isArray(file.words)) throw new Error('not a words snapshot');
    return file.words;
  },
  snapshot: (words: string[]) => ({ kind: 'words', words }),
};

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'herd-sandbox-state-'));
const open = (dir: string) => {
  const app = Fastify();
  return { app, kept: keepSandbox(app, { dataDir: dir, databaseUrl: null, s3: null }, 'words', WORDS) };
};

afterEach(() => vi.useRealTimers());

describe('a built-in sandbox kept in DATA_DIR', () => {
  it('is written when the server closes after a change, privately, and read back by the next start', async () => {
    const dir = dataDir();
    const first = open(dir);
    first.kept.state.push('kept');
    first.kept.changed();
    await first.app.close();
    const file = path.join(dir, 'sandboxes', 'words.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dir, 'sandboxes'))).toEqual(['words.json']);
    const second = open(dir);
    expect(second.kept.state).toEqual(['kept']);
    // A process that changed nothing (a worker beside the API) leaves the file as it found it.
    writeFileSync(file, JSON.stringify({ kind: 'words', words: ['written by another process'] }));
    await second.app.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ kind: 'words', words: ['written by another process'] });
  });

  it('writes a change within a second, without waiting for the close', async () => {
    vi.useFakeTimers();
    const dir = dataDir();
    const { app, kept } = open(dir);
    kept.state.push('soon');
    kept.changed();
    expect(existsSync(path.join(dir, 'sandboxes', 'words.json'))).toBe(false);
    vi.advanceTimersByTime(SANDBOX_WRITE_DELAY_MS);
    expect(JSON.parse(readFileSync(path.join(dir, 'sandboxes', 'words.json'), 'utf8'))).toEqual({ kind: 'words', words: ['soon'] });
    await app.close();
  });

  it('starts afresh from a file it cannot read, moving the file aside rather than losing it', async () => {
    const dir = dataDir();
    const first = open(dir);
    first.kept.changed();
    await first.app.close();
    writeFileSync(path.join(dir, 'sandboxes', 'words.json'), '{"kind": "something else"}');
    const second = open(dir);
    expect(second.kept.state).toEqual([]);
    expect(readdirSync(path.join(dir, 'sandboxes')).filter((name) => name.startsWith('words.json.unreadable-'))).toHaveLength(1);
    await second.app.close();
  });

  it('is kept nowhere on an install with nothing on local disk (PostgreSQL and a bucket)', () => {
    const s3 = { bucket: 'files', region: 'us-east-1', endpoint: null, accessKeyId: null, secretAccessKey: null, forcePathStyle: false };
    expect(sandboxStateDir({ dataDir: '/data', databaseUrl: 'postgres://db/herd', s3 })).toBeNull();
    expect(sandboxStateDir({ dataDir: '/data', databaseUrl: 'postgres://db/herd', s3: null })).toBe(path.join('/data', 'sandboxes'));
    expect(sandboxStateDir({ dataDir: '/data', databaseUrl: null, s3: null })).toBe(path.join('/data', 'sandboxes'));
  });
});
