import { mfaDetails, type Profile } from '@herd/contract';
import { safeEqual } from '../../lib/crypto.js';
import { ValidationError } from '../../lib/errors.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { writeAudit } from '../audit/audit.queries.js';
import type { SessionContext } from '../auth/session.service.js';
import { startSession, endSession } from '../auth/sessions.js';
import { getProfile } from '../profile/profile.service.js';
import { assertWithinLimit, recordHit, reset } from '../rate-limit/rate-limit.service.js';
import { MFA_FAILURES_PER_USER } from './mfa-limits.js';
import { claimRecoveryCode, claimTotpStep, findMfaUser, unusedRecoveryCodes } from './mfa.queries.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';
import { redeemSmsCode, sendSmsCode } from './sms-codes.js';
import type { SmsSender } from '../../sms/sms-sender.js';

/** The user of the request's half-open session: the one a second step can finish signing in. */
export const pendingMfaUser = async (ctx: SessionContext) => {
  const session = ctx.session;
  if (!session || session.mfaVerified) throw ValidationError.detail(mfaDetails.noPendingSignIn);
  const user = await findMfaUser(ctx.db, session.userId);
  if (!user?.mfaMethod) throw ValidationError.detail(mfaDetails.noPendingSignIn);
  return { ...user, mfaMethod: user.mfaMethod, tokenHash: session.tokenHash };
};

/** A wrong code counts against the user, then is refused on the code field. */
export const refuseCode = async (ctx: SessionContext, userId: number, message: string = mfaDetails.wrongCode): Promise<never> => {
  await recordHit(ctx.db, MFA_FAILURES_PER_USER, String(userId));
  throw ValidationError.field('code', message);
};

/**
 * The second step passed: the half-open session is replaced by a new, signed-in one (a new token,
 * so a cookie seen before the second factor is worth nothing after it) and the profile answered.
 */
export const finishSignIn = async (ctx: SessionContext, userId: number, tokenHash: string): Promise<Profile> => {
  await reset(ctx.db, MFA_FAILURES_PER_USER, String(userId));
  await endSession(ctx.db, tokenHash);
  await startSession(ctx.db, ctx.reply, { userId, mfaVerified: true, ip: ctx.ip, userAgent: ctx.userAgent, secure: ctx.secure, secretKey: ctx.secretKey });
  return getProfile(ctx.db, userId, ctx.flagDefaults, ctx.secretKey);
};

/** Finishes a sign-in with the authenticator app's code: within a step either side of now, and never a step already used. */
export const verifyTotpSignIn = async (ctx: SessionContext, code: string): Promise<Profile> => {
  const user = await pendingMfaUser(ctx);
  if (user.mfaMethod !== 'TOTP' || !user.totpSecret) throw ValidationError.detail(mfaDetails.wrongMethod);
  await assertWithinLimit(ctx.db, MFA_FAILURES_PER_USER, String(user.pk));
  const step = matchTotpStep(createSecretBox(ctx.secretKey).open(user.totpSecret), code);
  if (step === null) return refuseCode(ctx, user.pk);
  if (!(await claimTotpStep(ctx.db, user.pk, step))) return refuseCode(ctx, user.pk, mfaDetails.codeReused);
  return finishSignIn(ctx, user.pk, user.tokenHash);
};

/** Finishes a sign-in with one of the user's recovery codes, whatever their method; the code is spent. */
export const verifyRecoverySignIn = async (ctx: SessionContext, normalizedCode: string): Promise<Profile> => {
  const user = await pendingMfaUser(ctx);
  await assertWithinLimit(ctx.db, MFA_FAILURES_PER_USER, String(user.pk));
  const hash = hashRecoveryCode(normalizedCode);
  // Every unused code is compared, in constant time, so timing says nothing of which (if any) matched.
  let matched: number | null = null;
  for (const row of await unusedRecoveryCodes(ctx.db, user.pk)) if (safeEqual(row.codeHash, hash) && matched === null) matched = row.pk;
  if (matched === null || !(await claimRecoveryCode(ctx.db, user.pk, matched))) return refuseCode(ctx, user.pk, mfaDetails.wrongRecoveryCode);
  await writeAudit(ctx.db, { firmId: null, actorUserId: user.pk, action: 'user.mfa_recovery_code_used', targetType: 'user', targetPk: user.pk });
  return finishSignIn(ctx, user.pk, user.tokenHash);
};

/** Texts a sign-in code to the phone the user confirmed at setup. */
export const sendSignInSms = async (ctx: SessionContext, sms: SmsSender): Promise<{ detail: string }> => {
  const user = await pendingMfaUser(ctx);
  if (user.mfaMethod !== 'SMS' || !user.mfaPhone) throw ValidationError.detail(mfaDetails.wrongMethod);
  await sendSmsCode(ctx.db, sms, user.pk, 'SIGN_IN', user.mfaPhone);
  return { detail: mfaDetails.codeSent };
};

/** Finishes a sign-in with the texted code. */
export const verifySignInSms = async (ctx: SessionContext, code: string): Promise<Profile> => {
  const user = await pendingMfaUser(ctx);
  if (user.mfaMethod !== 'SMS') throw ValidationError.detail(mfaDetails.wrongMethod);
  await redeemSmsCode(ctx.db, user.pk, 'SIGN_IN', code);
  return finishSignIn(ctx, user.pk, user.tokenHash);
};
