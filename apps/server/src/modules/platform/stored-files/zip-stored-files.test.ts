import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { StorageDriver } from './storage.port.js';
import { zipStoredFiles } from './zip-stored-files.format.js';

/** A store in memory that counts the streams open at once. */
const countingStore = (files: Map<string, Buffer>) => {
  const counts = { open: 0, most: 0, opened: 0 };
  const storage: StorageDriver = {
    name: 'local',
    put: async () => {},
    delete: async () => {},
    get: async (key) => {
      counts.open++;
      counts.opened++;
      counts.most = Math.max(counts.most, counts.open);
      const stream = Readable.from([files.get(key)!]);
      let closed = false;
      const close = () => {
        if (!closed) counts.open--;
        closed = true;
      };
      stream.once('end', close).once('close', close);
      return stream;
    },
  };
  return { storage, counts };
};

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('zipping stored files', () => {
  it('opens one stored file at a time and stores the files as they are, however many there are', async () => {
    const files = new Map(Array.from({ length: 200 }, (_, i) => [`key-${i}`, Buffer.from(`receipt ${i} `.repeat(500))]));
    const { storage, counts } = countingStore(files);
    const zip = await collect(
      zipStoredFiles(
        storage,
        [...files.keys()].map((key) => ({ key, name: `${key}.pdf` })),
      ),
    );
    expect(counts).toEqual({ open: 0, most: 1, opened: 200 });
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // Stored, not deflated: each file's bytes are in the zip as they are.
    expect(zip.includes(files.get('key-0')!)).toBe(true);
    expect(zip.includes(files.get('key-199')!)).toBe(true);
  });

  it('a download dropped half way opens no more files', async () => {
    const quarterMb = Buffer.alloc(256 * 1024, 7);
    const files = new Map(Array.from({ length: 200 }, (_, i) => [`key-${i}`, quarterMb]));
    const { storage, counts } = countingStore(files);
    const zip = zipStoredFiles(
      storage,
      [...files.keys()].map((key) => ({ key, name: key })),
    );
    const sink = new PassThrough({ highWaterMark: 1 });
    zip.pipe(sink);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nobody reads: the zip holds back after the few files its buffers take instead of opening all 200.
    expect(counts.opened).toBeLessThan(40);
    zip.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const openedAtDrop = counts.opened;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts.opened).toBe(openedAtDrop);
    expect(counts.open).toBe(0);
  });
});
