import type { Db } from '../../db/client.js';
import { ThrottledError } from '../../lib/errors.js';
import { countHits, deleteHits, insertHit } from './rate-limit.queries.js';

/**
 * Counters live in the database so every API process sees the same ones.
 * A rule allows `limit` hits per key within `windowMs`.
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const RULES = {
  loginFailuresPerEmail: { bucket: 'login-failure:email', limit: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerAddress: { bucket: 'login-failure:address', limit: 30, windowMs: FIFTEEN_MINUTES },
  magicLinksPerEmail: { bucket: 'magic-link:email', limit: 5, windowMs: FIFTEEN_MINUTES },
  magicLinksPerAddress: { bucket: 'magic-link:address', limit: 30, windowMs: FIFTEEN_MINUTES },
  resetsPerEmail: { bucket: 'password-reset:email', limit: 5, windowMs: FIFTEEN_MINUTES },
  resetsPerAddress: { bucket: 'password-reset:address', limit: 30, windowMs: FIFTEEN_MINUTES },
  signupsPerAddress: { bucket: 'signup:address', limit: 10, windowMs: FIFTEEN_MINUTES },
  codeFailuresPerAddress: { bucket: 'code-failure:address', limit: 30, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, RateRule>;

/** Throws 429 (with the seconds until a slot frees up) when the key has used its allowance. */
export const assertWithinLimit = async (db: Db, rule: RateRule, key: string): Promise<void> => {
  const now = Date.now();
  const { hits, oldest } = await countHits(db, rule.bucket, key, new Date(now - rule.windowMs));
  if (hits < rule.limit) return;
  const freesAt = (oldest ? new Date(oldest).getTime() : now) + rule.windowMs;
  throw new ThrottledError(Math.max(1, Math.ceil((freesAt - now) / 1000)));
};

export const recordHit = (db: Db, rule: RateRule, key: string) => insertHit(db, rule.bucket, key);

/** Counts this attempt, then refuses it if it went over the limit. */
export const consume = async (db: Db, rule: RateRule, key: string): Promise<void> => {
  await assertWithinLimit(db, rule, key);
  await recordHit(db, rule, key);
};

export const reset = (db: Db, rule: RateRule, key: string) => deleteHits(db, rule.bucket, key);
