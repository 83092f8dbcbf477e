import { mfaDetails } from '@herd/contract';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { verifyPassword } from '../../../lib/crypto.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { assertWithinLimit, recordHit, reset } from '../../platform/rate-limit/rate-limit.face.js';
import { MFA_FAILURES_PER_USER } from './mfa-limits.rule.js';
import { mailMfaChange } from './mfa-notices.service.js';
import { isMfaRequiredFor } from './mfa-required.rule.js';
import { deleteSmsCodes, findMfaUser, findOwnMfaStanding, replaceRecoveryCodes, setMemberMfaSetup, setUserMfa } from './mfa.queries.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * Turns one's own second factor off: method, secret, phone, codes and recovery codes go in one
 * transaction, and the firm member's `is_mfa_setup` becomes false. Confirmed with the password
 * (a session left open on a shared computer must not be enough); a wrong one counts against the
 * person like a wrong code. Refused to a member whose admin requires MFA: they may switch method.
 */
export const disableOwnMfa = async (deps: Pick<AppDeps, 'db' | 'mailer'>, actor: Actor, { password }: { password: string }): Promise<{ detail: string }> => {
  const [user, standing] = await Promise.all([findMfaUser(deps.db, actor.userId), findOwnMfaStanding(deps.db, actor.userId)]);
  if (!user || !standing) throw new UnauthorizedError();
  if (!user.mfaMethod) throw ValidationError.detail(mfaDetails.notSetUp);
  if (isMfaRequiredFor(standing)) throw new ForbiddenError(mfaDetails.requiredByAdmin);
  if (!standing.passwordHash) throw ValidationError.detail(mfaDetails.noPasswordToConfirm);
  await assertWithinLimit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  if (!(await verifyPassword(standing.passwordHash, password))) {
    await recordHit(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
    throw ValidationError.field('password', mfaDetails.wrongPassword);
  }
  await reset(deps.db, MFA_FAILURES_PER_USER, String(user.pk));
  await deps.db.transaction(async (tx) => {
    await setUserMfa(tx, user.pk, { mfaMethod: null, mfaPhone: null, totpSecret: null, totpLastStep: null });
    await setMemberMfaSetup(tx, user.pk, false);
    await replaceRecoveryCodes(tx, user.pk, []);
    await deleteSmsCodes(tx, user.pk);
    await writeAudit(tx, { firmId: actor.firmId, actorUserId: actor.userId, action: 'user.mfa_off', targetType: 'user', targetPk: user.pk });
  });
  await mailMfaChange(deps.db, deps.mailer, user.pk, { kind: 'off' });
  return { detail: mfaDetails.turnedOff };
};
