import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoredObjectMissingError, type StorageDriver } from '../../modules/platform/stored-files/storage.port.js';

/** Files on local disk under DATA_DIR/files, the default of a single-machine install. */
export const localDriver = (root: string): StorageDriver => {
  const fileOf = (key: string) => {
    // Keys are ours (random hex with slashes), but never let one escape the root.
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return resolved;
  };
  return {
    name: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { flag: 'wx' });
    },
    async get(key) {
      // Opened now, so a missing file is an error of this call rather than of the stream once a reply has started.
      try {
        return (await open(fileOf(key))).createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissingError(key);
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
};
