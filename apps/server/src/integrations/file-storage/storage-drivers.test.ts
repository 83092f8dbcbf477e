import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3.js';
import { StoredObjectMissingError, type StorageDriver } from '../../modules/platform/stored-files/storage.port.js';
import { localDriver } from './local-driver.js';
import { s3Driver } from './s3-driver.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

const drivers: [string, () => StorageDriver][] = [
  ['s3', () => s3Driver(s3.settings, 10_000)],
  ['local', () => localDriver(mkdtempSync(path.join(tmpdir(), 'herd-files-')))],
];

/** Reads a stream chunk by chunk into a digest, as a download streams it, never holding it whole. */
const digestOf = async (stream: AsyncIterable<Buffer>) => {
  const hash = createHash('sha256');
  let size = 0;
  let chunks = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
    chunks += 1;
  }
  return { sha256: hash.digest('hex'), size, chunks };
};

describe.each(drivers)('the %s storage driver', (name, make) => {
  it('stores, streams back and deletes an object', async () => {
    const storage = make();
    await storage.put('ab/cd/receipt', Buffer.from('%PDF-1.4 receipt'), 'application/pdf');
    expect((await digestOf(await storage.get('ab/cd/receipt'))).size).toBe(16);
    if (name === 's3') expect(await s3.keys()).toContain('ab/cd/receipt');
    await storage.delete('ab/cd/receipt');
    if (name === 's3') expect(await s3.keys()).not.toContain('ab/cd/receipt');
    await expect(storage.get('ab/cd/receipt')).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('answers a key it does not hold with StoredObjectMissingError, and deletes it without complaint', async () => {
    const storage = make();
    await expect(storage.get('no/such/key')).rejects.toMatchObject({ name: 'StoredObjectMissingError', key: 'no/such/key' });
    await expect(storage.delete('no/such/key')).resolves.toBeUndefined();
  });

  it('streams a 20 MB file back in pieces, byte for byte', async () => {
    const storage = make();
    const big = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    await storage.put('big/file', big, 'application/pdf');
    const read = await digestOf(await storage.get('big/file'));
    expect(read.size).toBe(big.length);
    expect(read.sha256).toBe(createHash('sha256').update(big).digest('hex'));
    expect(read.chunks).toBeGreaterThan(1);
    await storage.delete('big/file');
  });
});
