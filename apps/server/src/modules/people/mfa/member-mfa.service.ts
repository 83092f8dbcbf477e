import { mfaDetails, type MemberMfa } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { deleteUserSessions } from '../auth/auth.face.js';
import { findPendingCoworker, updatePendingPerson } from '../invitations/invitations.face.js';
import { mailMfaChange } from './mfa-notices.service.js';
import { deleteSmsCodes, findMemberMfa, replaceRecoveryCodes, setMemberMfaFlags, setUserMfa } from './mfa.queries.js';
import type { AppDeps } from '../../../app-deps.js';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberMfa>>>;

const toMemberMfa = (m: MemberRow): MemberMfa => ({ pk: m.pk, mfa_enabled: m.mfaEnabled, is_mfa_setup: m.isMfaSetup, mfa_method: m.mfaMethod });

/** Admins choose for themselves (the setup prompt never asks them), so requiring it of them is refused. */
const EXEMPT_ROLES = ['FIRM_ADMIN', 'CLIENT_ADMIN'];

const adminOver = async (db: Db, actor: Actor, memberPk: number) => {
  const admin = can.administerFirm(actor);
  const member = await findMemberMfa(db, admin.firmId, memberPk);
  if (member) return { admin, member, pending: null };
  // A coworker whose invitation is pending answers as an invited member who has set nothing up.
  const pending = await findPendingCoworker(db, admin.firmId, memberPk);
  if (!pending) throw new NotFoundError();
  const asMember: MemberRow = {
    pk: memberPk,
    userId: pending.userPk,
    role: pending.role as MemberRow['role'],
    mfaEnabled: pending.mfaEnabled,
    isMfaSetup: false,
    mfaMethod: null,
  };
  return { admin, member: asMember, pending };
};

/** A firm admin requires (or stops requiring) a team member to use a second factor; the member is prompted to set it up. */
export const setMemberMfaRequired = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { memberPk, mfaEnabled }: { memberPk: number; mfaEnabled: boolean },
): Promise<MemberMfa> => {
  const { admin, member, pending } = await adminOver(db, actor, memberPk);
  if (mfaEnabled && EXEMPT_ROLES.includes(member.role)) throw ValidationError.field('mfa_enabled', mfaDetails.adminRoleExempt);
  await db.transaction(async (tx) => {
    if (pending) await updatePendingPerson(tx, admin.firmId, pending.userPk, { mfaEnabled });
    else await setMemberMfaFlags(tx, admin.firmId, memberPk, { mfaEnabled });
    await writeAudit(tx, {
      firmId: admin.firmId,
      actorUserId: admin.userId,
      action: mfaEnabled ? 'member.mfa_required' : 'member.mfa_not_required',
      targetType: 'firm_member',
      targetPk: memberPk,
    });
  });
  return toMemberMfa({ ...member, mfaEnabled });
};

/**
 * For a member who lost their phone and their recovery codes: their second factor, its secret,
 * phone and recovery codes are removed and they are signed out everywhere. Whether MFA is required
 * of them stays as it was, so a required member is prompted to set it up again at their next sign-in.
 */
export const resetMemberMfa = async ({ db, mailer }: Pick<AppDeps, 'db' | 'mailer'>, actor: Actor, { memberPk }: { memberPk: number }): Promise<MemberMfa> => {
  const { admin, member, pending } = await adminOver(db, actor, memberPk);
  if (member.userId === admin.userId) throw ValidationError.detail(mfaDetails.ownReset);
  await db.transaction(async (tx) => {
    // Nothing is set up on a pending invitation: there is nothing to remove, and the answer and audit are the same.
    if (pending) {
      await writeAudit(tx, { firmId: admin.firmId, actorUserId: admin.userId, action: 'member.mfa_reset', targetType: 'firm_member', targetPk: memberPk });
      return;
    }
    await setUserMfa(tx, member.userId, { mfaMethod: null, totpSecret: null, totpLastStep: null, mfaPhone: null });
    await setMemberMfaFlags(tx, admin.firmId, memberPk, { isMfaSetup: false });
    await replaceRecoveryCodes(tx, member.userId, []);
    await deleteSmsCodes(tx, member.userId);
    await deleteUserSessions(tx, member.userId);
    await writeAudit(tx, { firmId: admin.firmId, actorUserId: admin.userId, action: 'member.mfa_reset', targetType: 'firm_member', targetPk: memberPk });
  });
  // Told by email, so a member whose admin account was taken over learns their second factor is gone.
  if (!pending) await mailMfaChange(db, mailer, member.userId, { kind: 'reset' });
  return toMemberMfa({ ...member, isMfaSetup: false, mfaMethod: null });
};
