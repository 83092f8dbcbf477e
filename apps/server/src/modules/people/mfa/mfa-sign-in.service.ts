import { mfaDetails, type Profile } from '@herd/contract';
import { safeEqual } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { openSession, signedInProfile, type SessionReply } from '../auth/auth.face.js';
import { endSession } from '../auth/auth.face.js';
import type { Visitor } from '../../../kernel/visitor.js';
import { assertWithinLimit, recordHit, reset } from '../../platform/rate-limit/rate-limit.face.js';
import { MFA_FAILURES_PER_USER } from './mfa-limits.rule.js';
import { claimRecoveryCode, claimTotpStep, findMfaUser, unusedRecoveryCodes } from './mfa.queries.js';
import { hashRecoveryCode } from './recovery-codes.rule.js';
import { matchTotpStep } from './totp.rule.js';
import { redeemSmsCode, sendSmsCode } from './sms-codes.service.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

/** What the second step of signing in reaches of the app's dependencies. */
export type MfaSignInDeps = Pick<AppDeps, 'db' | 'config' | 'sms' | 'profileOf'>;

/** The user of the request's half-open session: the one a second step can finish signing in. */
export const pendingMfaUser = async (deps: Pick<AppDeps, 'db'>, visitor: Visitor) => {
  const session = visitor.session;
  if (!session || session.mfaVerified) throw ValidationError.detail(mfaDetails.noPendingSignIn);
  const user = await findMfaUser(deps.db, session.userId);
  if (!user?.mfaMethod) throw ValidationError.detail(mfaDetails.noPendingSignIn);
  return { ...user, mfaMethod: user.mfaMethod, tokenHash: session.tokenHash };
};

/** A wrong code counts against the user, then is refused on the code field. */
export const refuseCode = async (deps: Pick<AppDeps, 'db'>, userId: number, message: string = mfaDetails.wrongCode): Promise<never> => {
  await recordHit(deps.db, MFA_FAILURES_PER_USER, String(userId));
  throw ValidationError.field('code', message);
};

/**
 * The second step passed: the half-open session is replaced by a new, signed-in one (a new token,
 * so a cookie seen before the second factor is worth nothing after it) and the profile answered.
 */
export const finishSignIn = async (deps: MfaSignInDeps, visitor: Visitor, reply: SessionReply['reply'], user: { pk: number; tokenHash: string }): Promise<Profile> => {
  await reset(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  await endSession(deps.db, user.tokenHash);
  await openSession(deps, visitor, reply, user.pk, true);
  return signedInProfile(deps, user.pk);
};

/** Finishes a sign-in with the authenticator app's code: within a step either side of now, and never a step already used. */
export const verifyTotpSignIn = async (deps: MfaSignInDeps, visitor: Visitor, { code, reply }: { code: string } & SessionReply): Promise<Profile> => {
  const user = await pendingMfaUser(deps, visitor);
  if (user.mfaMethod !== 'TOTP' || !user.totpSecret) throw ValidationError.detail(mfaDetails.wrongMethod);
  await assertWithinLimit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  const step = matchTotpStep(createSecretBox(deps.config.secretKey).open(user.totpSecret), code);
  if (step === null) return refuseCode(deps, user.pk);
  if (!(await claimTotpStep(deps.db, user.pk, step))) return refuseCode(deps, user.pk, mfaDetails.codeReused);
  return finishSignIn(deps, visitor, reply, user);
};

/** Finishes a sign-in with one of the user's recovery codes, whatever their method; the code is spent. */
export const verifyRecoverySignIn = async (deps: MfaSignInDeps, visitor: Visitor, { code: normalizedCode, reply }: { code: string } & SessionReply): Promise<Profile> => {
  const user = await pendingMfaUser(deps, visitor);
  await assertWithinLimit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  const hash = hashRecoveryCode(normalizedCode);
  // Every unused code is compared, in constant time, so timing says nothing of which (if any) matched.
  let matched: number | null = null;
  for (const row of await unusedRecoveryCodes(deps.db, user.pk)) if (safeEqual(row.codeHash, hash) && matched === null) matched = row.pk;
  if (matched === null || !(await claimRecoveryCode(deps.db, user.pk, matched))) return refuseCode(deps, user.pk, mfaDetails.wrongRecoveryCode);
  await writeAudit(deps.db, { firmId: null, actorUserId: user.pk, action: 'user.mfa_recovery_code_used', targetType: 'user', targetPk: user.pk });
  return finishSignIn(deps, visitor, reply, user);
};

/** Texts a sign-in code to the phone the user confirmed at setup. */
export const sendSignInSms = async (deps: MfaSignInDeps, visitor: Visitor, _input: NoInput): Promise<{ detail: string }> => {
  const user = await pendingMfaUser(deps, visitor);
  if (user.mfaMethod !== 'SMS' || !user.mfaPhone) throw ValidationError.detail(mfaDetails.wrongMethod);
  await sendSmsCode(deps.db, deps.sms, user.pk, 'SIGN_IN', user.mfaPhone);
  return { detail: mfaDetails.codeSent };
};

/** Finishes a sign-in with the texted code. */
export const verifySignInSms = async (deps: MfaSignInDeps, visitor: Visitor, { code, reply }: { code: string } & SessionReply): Promise<Profile> => {
  const user = await pendingMfaUser(deps, visitor);
  if (user.mfaMethod !== 'SMS') throw ValidationError.detail(mfaDetails.wrongMethod);
  await redeemSmsCode(deps.db, user.pk, 'SIGN_IN', code);
  return finishSignIn(deps, visitor, reply, user);
};
