import { randomInt } from 'node:crypto';
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, mfaDetails } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { safeEqual, sha256 } from '../../../lib/crypto.js';
import { AppError, ValidationError } from '../../../lib/errors.js';
import type { SmsSender } from '../../messaging/texts/texts.face.js';
import { consume } from '../../platform/rate-limit/rate-limit.face.js';
import { SMS_SENDS_PER_USER } from './mfa-limits.rule.js';
import { claimSmsCode, countSmsAttempt, latestSmsCode, replaceSmsCode } from './mfa.queries.js';

type Purpose = 'SIGN_IN' | 'SETUP';

const hashSmsCode = (userId: number, code: string) => sha256(`herd:sms:${userId}:${code}`);

/**
 * Texts a fresh six-digit code (the user's earlier one of the same purpose stops working). Sends are
 * limited per user; a text the provider refused or could not take is a 503 saying so, and the code
 * stays unsent.
 */
export const sendSmsCode = async (db: Db, sms: SmsSender, userId: number, purpose: Purpose, phone: string): Promise<void> => {
  // A code shown on a sandbox page, or sent nowhere, would prove nothing: only a real phone may receive one.
  if (!sms.reachesPhones) throw new AppError(503, mfaDetails.smsNotDelivered);
  await consume(db, SMS_SENDS_PER_USER, String(userId));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceSmsCode(db, { userId, purpose, phone, codeHash: hashSmsCode(userId, code), expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS) });
  const text =
    purpose === 'SIGN_IN' ? `${code} is your Herd sign-in code. It expires in 5 minutes.` : `${code} is your Herd code to confirm this phone. It expires in 5 minutes.`;
  try {
    await sms.send(phone, text, { secret: true });
  } catch {
    throw new AppError(503, mfaDetails.smsUnavailable);
  }
};

/**
 * Checks a texted code: the newest of its purpose, unused, within 5 minutes, and tried fewer than
 * five times (each try counts, right or wrong, before it is compared). Answers the code's row once
 * it is spent.
 */
export const redeemSmsCode = async (db: Db, userId: number, purpose: Purpose, code: string) => {
  const row = await latestSmsCode(db, userId, purpose);
  if (!row || row.usedAt) throw ValidationError.detail(mfaDetails.noCodeSent);
  if (row.expiresAt < new Date()) throw ValidationError.field('code', mfaDetails.codeExpired);
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) throw ValidationError.field('code', mfaDetails.tooManyAttempts);
  const attempts = await countSmsAttempt(db, userId, row.pk);
  const right = safeEqual(row.codeHash, hashSmsCode(userId, code));
  if (!right) throw ValidationError.field('code', attempts >= SMS_CODE_MAX_ATTEMPTS ? mfaDetails.tooManyAttempts : mfaDetails.wrongCode);
  if (!(await claimSmsCode(db, userId, row.pk))) throw ValidationError.detail(mfaDetails.noCodeSent);
  return row;
};
