import { SMS_SEND_WINDOW_MINUTES, SMS_SENDS_PER_WINDOW } from '@herd/contract';
import type { RateRule } from '../../platform/rate-limit/rate-limit.face.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Wrong second-factor codes of one user (TOTP and recovery codes together): a six-digit code
 * cannot be guessed at ten tries a quarter of an hour. Counted per user, not per address, since
 * the password was already right and the guesser may come from anywhere.
 */
export const MFA_FAILURES_PER_USER: RateRule = { bucket: 'mfa-failure:user', limit: 10, windowMs: FIFTEEN_MINUTES };

/** Texts sent to one user: each costs money and lands on a phone. The web app states the same limit. */
export const SMS_SENDS_PER_USER: RateRule = { bucket: 'mfa-sms:user', limit: SMS_SENDS_PER_WINDOW, windowMs: SMS_SEND_WINDOW_MINUTES * 60 * 1000 };
