import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the library exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** 32 random bytes, URL-safe: session tokens, magic-link and reset codes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A hash of a random password, checked when the email is unknown so a failed
 * sign-in takes as long whether or not the account exists.
 */
let dummyHash: Promise<string> | null = null;
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
  return false;
};
