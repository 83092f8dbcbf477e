import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the data folder and the key file may be: their owner's alone (the folder holds the database, files and key). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Takes group and other permissions away from a path this process owns. A path owned by
 * someone else (a volume mounted for us) is left as it is: chmod would fail there, and its
 * owner chose its permissions.
 */
const tighten = (target: string, mode: number) => {
  const stat = statSync(target);
  if ((stat.mode & 0o077) === 0) return;
  if (process.getuid && stat.uid !== process.getuid()) return;
  chmodSync(target, mode);
};

/** Creates the folder (and missing parents) readable by its owner only, and tightens an existing one that is open to others. */
export const ensurePrivateDir = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
};

export const SECRET_KEY_FILE = 'secret_key';

/**
 * The key an embedded install keeps beside its database, made on first start so that a restart
 * can still open what it sealed. Written with `wx`: a second process starting on the same folder
 * reads the first one's key instead of replacing it.
 */
export const loadOrCreateSecretKeyFile = (dataDir: string): string =>
  loadOrCreatePrivateSecretFile(
    dataDir,
    SECRET_KEY_FILE,
    'Put the key back, or delete the file to have a new one made (ledger credentials sealed with the old key can then no longer be read).',
  );

/** A random secret kept in a file of the data folder, readable by its owner only; made on first use, read afterwards. */
export const loadOrCreatePrivateSecretFile = (
  dataDir: string,
  fileName: string,
  whenEmpty = 'Put the secret back, or delete the file to have a new one made.',
): string => {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, fileName);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  tighten(file, PRIVATE_FILE_MODE);
  const secret = readFileSync(file, 'utf8').trim();
  if (!secret) throw new Error(`${file} is empty. ${whenEmpty}`);
  return secret;
};
