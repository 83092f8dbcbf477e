import { mfaDetails, type MfaStatus, type RecoveryCodes, type TotpSetup } from '@herd/contract';
import { ConflictError, UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { deleteUserSessions } from '../auth/auth.face.js';
import { assertWithinLimit, recordHit, reset } from '../../platform/rate-limit/rate-limit.face.js';
import { MFA_FAILURES_PER_USER } from './mfa-limits.rule.js';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  findMfaUser,
  findOwnMfaStanding,
  replaceRecoveryCodes,
  setMemberMfaSetup,
  setPendingTotpSecret,
  setUserMfa,
} from './mfa.queries.js';
import { isMfaRequiredFor } from './mfa-required.rule.js';
import { newRecoveryCodes } from './recovery-codes.rule.js';
import { matchTotpStep, newTotpSecret, totpLink } from './totp.rule.js';
import { redeemSmsCode, sendSmsCode } from './sms-codes.service.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';
import { mailMfaChange, phoneHint } from './mfa-notices.service.js';

/** What setting up one's own second factor reaches of the app's dependencies; every change of it is emailed to its owner (`mailer`). */
export type MfaSetupDeps = Pick<AppDeps, 'db' | 'config' | 'sms' | 'mailer'>;

/** The session doing the setup stays signed in when a method is turned on; the person's other sessions are signed out. */
interface KeptSession {
  sessionTokenHash: string;
}

const ownUser = async (deps: MfaSetupDeps, actor: Actor) => {
  const user = await findMfaUser(deps.db, actor.userId);
  if (!user) throw new UnauthorizedError();
  return user;
};

export const getMfaStatus = async (deps: MfaSetupDeps, actor: Actor, _input: NoInput): Promise<MfaStatus> => {
  const user = await ownUser(deps, actor);
  const standing = await findOwnMfaStanding(deps.db, user.pk);
  return {
    mfa_method: user.mfaMethod,
    phone_hint: user.mfaMethod === 'SMS' ? phoneHint(user.mfaPhone) : null,
    recovery_codes_left: user.mfaMethod ? await countUnusedRecoveryCodes(deps.db, user.pk) : 0,
    mfa_required: standing !== null && isMfaRequiredFor(standing),
    sms_available: deps.sms.reachesPhones,
  };
};

/**
 * A new secret, sealed at rest, waiting for its first code. Starting again replaces a setup not yet
 * confirmed; an app already confirmed is not replaced (a firm admin's reset turns it off first).
 */
export const startTotpSetup = async (deps: MfaSetupDeps, actor: Actor, _input: NoInput): Promise<TotpSetup> => {
  const user = await ownUser(deps, actor);
  if (user.mfaMethod === 'TOTP') throw new ConflictError(mfaDetails.totpAlreadyOn);
  const secret = newTotpSecret();
  await setPendingTotpSecret(deps.db, user.pk, createSecretBox(deps.config.secretKey).seal(secret));
  return { totp_qr_link: totpLink(secret, user.email), secret };
};

/** Turns a method on in one transaction: the user's method, the member's `is_mfa_setup`, new recovery codes, other sessions signed out. */
export const turnOnMfa = async (
  deps: MfaSetupDeps,
  actor: Actor,
  values: Parameters<typeof setUserMfa>[2],
  { sessionTokenHash }: KeptSession,
): Promise<RecoveryCodes> => {
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await setUserMfa(tx, actor.userId, values);
    await setMemberMfaSetup(tx, actor.userId, true);
    await replaceRecoveryCodes(tx, actor.userId, hashes);
    await deleteUserSessions(tx, actor.userId, sessionTokenHash);
    await writeAudit(tx, {
      firmId: actor.firmId,
      actorUserId: actor.userId,
      action: `user.mfa_on_${values.mfaMethod?.toLowerCase()}`,
      targetType: 'user',
      targetPk: actor.userId,
    });
  });
  const method = values.mfaMethod === 'SMS' ? 'SMS' : 'TOTP';
  await mailMfaChange(deps.db, deps.mailer, actor.userId, { kind: 'on', method, phoneHint: phoneHint(values.mfaPhone ?? null) });
  return { recovery_codes: codes };
};

/** The first valid code from the app proves it holds the secret: TOTP becomes the user's method. */
export const confirmTotpSetup = async (deps: MfaSetupDeps, actor: Actor, { code, ...kept }: { code: string } & KeptSession): Promise<RecoveryCodes> => {
  const user = await ownUser(deps, actor);
  if (!user.totpSecret || user.mfaMethod === 'TOTP') throw ValidationError.detail(mfaDetails.noSetupStarted);
  await assertWithinLimit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  const step = matchTotpStep(createSecretBox(deps.config.secretKey).open(user.totpSecret), code);
  if (step === null || !(await claimTotpStep(deps.db, user.pk, step))) {
    await recordHit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
    throw ValidationError.field('code', mfaDetails.wrongCode);
  }
  await reset(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  return turnOnMfa(deps, actor, { mfaMethod: 'TOTP', mfaPhone: null }, kept);
};

/** Ten new recovery codes; the unused old ones stop working at once. */
export const regenerateRecoveryCodes = async (deps: MfaSetupDeps, actor: Actor, _input: NoInput): Promise<RecoveryCodes> => {
  const user = await ownUser(deps, actor);
  if (!user.mfaMethod) throw ValidationError.detail(mfaDetails.notSetUp);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.pk, hashes);
    await writeAudit(tx, { firmId: actor.firmId, actorUserId: actor.userId, action: 'user.mfa_recovery_codes_regenerated', targetType: 'user', targetPk: user.pk });
  });
  await mailMfaChange(deps.db, deps.mailer, user.pk, { kind: 'recovery-codes' });
  return { recovery_codes: codes };
};

/** Texts codes go to a number in international form: `+`, the country code, the number. */
const e164 = (phone: string) => {
  const digits = phone.replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(digits)) throw ValidationError.field('phone', mfaDetails.phoneFormat);
  return digits;
};

/** Texts a code to the phone given; confirming it makes text messages the user's method. */
export const startSmsSetup = async (deps: MfaSetupDeps, actor: Actor, { phone }: { phone: string }): Promise<{ detail: string }> => {
  const user = await ownUser(deps, actor);
  if (!deps.sms.reachesPhones) throw ValidationError.detail(mfaDetails.smsNotDelivered);
  await sendSmsCode(deps.db, deps.sms, user.pk, 'SETUP', e164(phone));
  return { detail: mfaDetails.codeSent };
};

/** The texted code proves the phone is the person's: SMS becomes their method, codes going to that phone (a pending app setup is dropped). */
export const confirmSmsSetup = async (deps: MfaSetupDeps, actor: Actor, { code, ...kept }: { code: string } & KeptSession): Promise<RecoveryCodes> => {
  const user = await ownUser(deps, actor);
  const row = await redeemSmsCode(deps.db, user.pk, 'SETUP', code);
  return turnOnMfa(deps, actor, { mfaMethod: 'SMS', mfaPhone: row.phone, totpSecret: null, totpLastStep: null }, kept);
};
