import type { Db } from '../../../db/client.js';
import { ThrottledError } from '../../../lib/errors.js';
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

/**
 * A slow-down rather than a limit: `free` failures within `windowMs` cost
 * nothing; after them each attempt must wait after the last failure, twice as
 * long each time (`baseDelayMs`, 2×, 4×, …) up to `maxDelayMs`. Nobody is
 * locked out: guessing becomes slow, and a person who typed wrong waits seconds.
 */
export interface BackoffRule {
  bucket: string;
  free: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;

/**
 * Failed password sign-ins. The pair of email and address is what slows down
 * one guesser without touching the real user elsewhere, nor the rest of an
 * office behind the same address. The email alone (guessing spread over many
 * addresses) and the address alone (one address trying many emails) slow down
 * only far beyond what a person does. Signing in by emailed link is never
 * slowed by these, so a person whose password attempts wait can still get in.
 */
export const LOGIN_BACKOFF = {
  perPair: { bucket: 'login-failure:pair', free: 5, windowMs: 60 * MINUTE, baseDelayMs: 2000, maxDelayMs: FIFTEEN_MINUTES },
  perEmail: { bucket: 'login-failure:email', free: 20, windowMs: 60 * MINUTE, baseDelayMs: 1000, maxDelayMs: 5 * MINUTE },
  perAddress: { bucket: 'login-failure:address', free: 100, windowMs: 60 * MINUTE, baseDelayMs: 1000, maxDelayMs: 5 * MINUTE },
} satisfies Record<string, BackoffRule>;

/**
 * Failed Web Connector sign-ins from one address (a guesser at a company's connector password): the
 * Web Connector on an accountant's machine signs in once a run, so this never slows a real one.
 */
export const CONNECTOR_LOGIN_BACKOFF = {
  bucket: 'connector-login-failure:address',
  free: 10,
  windowMs: 60 * MINUTE,
  baseDelayMs: 2000,
  maxDelayMs: FIFTEEN_MINUTES,
} satisfies BackoffRule;

export const RULES = {
  magicLinksPerEmail: { bucket: 'magic-link:email', limit: 5, windowMs: FIFTEEN_MINUTES },
  magicLinksPerAddress: { bucket: 'magic-link:address', limit: 30, windowMs: FIFTEEN_MINUTES },
  resetsPerEmail: { bucket: 'password-reset:email', limit: 5, windowMs: FIFTEEN_MINUTES },
  resetsPerAddress: { bucket: 'password-reset:address', limit: 30, windowMs: FIFTEEN_MINUTES },
  signupsPerEmail: { bucket: 'signup:email', limit: 5, windowMs: FIFTEEN_MINUTES },
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

/** Throws 429 with the seconds left when the key's last failure was too recent for how many it has had. */
export const assertBackoff = async (db: Db, rule: BackoffRule, key: string): Promise<void> => {
  const now = Date.now();
  const { hits, newest } = await countHits(db, rule.bucket, key, new Date(now - rule.windowMs));
  if (hits < rule.free || !newest) return;
  const delay = Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(hits - rule.free, 30));
  const waitMs = new Date(newest).getTime() + delay - now;
  if (waitMs > 0) throw new ThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
};

export const recordHit = (db: Db, rule: { bucket: string }, key: string) => insertHit(db, rule.bucket, key);

/** Counts this attempt, then refuses it if it went over the limit. */
export const consume = async (db: Db, rule: RateRule, key: string): Promise<void> => {
  await assertWithinLimit(db, rule, key);
  await recordHit(db, rule, key);
};

export const reset = (db: Db, rule: { bucket: string }, key: string) => deleteHits(db, rule.bucket, key);
