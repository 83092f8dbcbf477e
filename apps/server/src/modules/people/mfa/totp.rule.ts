import { Secret, TOTP } from 'otpauth';
import { safeEqual } from '../../../lib/crypto.js';

/** RFC 6238 as every authenticator app speaks it: SHA-1, six digits, 30-second steps. */
const PERIOD_S = 30;
/** A code of the step before or after the current one is still taken (clocks drift, people type slowly). */
const WINDOW = 1;
const ISSUER = 'Herd';

const totpOf = (base32Secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(base32Secret) });

/** A fresh 160-bit secret, base32 as authenticator apps take it typed by hand. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` link an authenticator app reads from the QR image. */
export const totpLink = (base32Secret: string, accountEmail: string): string => totpOf(base32Secret, accountEmail).toString();

export const stepAt = (timeMs: number): number => Math.floor(timeMs / 1000 / PERIOD_S);

/** The code of one time step (tests compute codes the way an app does). */
export const totpCodeAt = (base32Secret: string, timeMs: number): string => totpOf(base32Secret, '').generate({ timestamp: timeMs });

/**
 * The time step a code belongs to, within the window around now, or null. Every step of the window
 * is compared, in constant time, whichever matched, so the answer's timing says nothing about the code.
 */
export const matchTotpStep = (base32Secret: string, code: string, nowMs = Date.now()): number | null => {
  const current = stepAt(nowMs);
  let matched: number | null = null;
  for (let offset = -WINDOW; offset <= WINDOW; offset++) {
    const step = current + offset;
    const expected = totpCodeAt(base32Secret, step * PERIOD_S * 1000);
    if (safeEqual(expected, code) && matched === null) matched = step;
  }
  return matched;
};
