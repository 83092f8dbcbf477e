import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/integrations/file-storage/s3-driver.js';

export interface TestS3 {
  /** What Herd's configuration would hold for this store (path-style, fixed credentials). */
  settings: S3Settings;
  /** Keys of the objects the bucket holds now. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'herd-test';

/** s3rver keeps an object as a folder `<key>._S3rver_object` (beside its metadata); listing those gives the bucket's keys. */
const objectKeys = async (root: string): Promise<string[]> => {
  const suffix = '._S3rver_object';
  const entries = await readdir(root, { recursive: true });
  return entries.filter((e) => e.endsWith(suffix)).map((e) => e.slice(0, -suffix.length).split(path.sep).join('/'));
};

/** An S3-protocol server in this process, on a free port, storing into a temporary folder: the S3 driver is exercised over real HTTP. */
export const startTestS3 = async (): Promise<TestS3> => {
  const directory = mkdtempSync(path.join(tmpdir(), 'herd-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return {
    settings: {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    keys: () => objectKeys(path.join(directory, BUCKET)),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
