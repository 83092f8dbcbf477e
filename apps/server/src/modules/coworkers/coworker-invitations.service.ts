import type { Db } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import type { Actor } from '../auth/actor.js';
import { magicLinkUrl } from '../auth/auth.service.js';
import { issueCode } from '../auth/one-time-codes.js';
import { can } from '../auth/permissions.js';
import { sendInvitation, type PeopleContext } from '../client-users/client-users.service.js';
import { findFirmMember } from './coworkers.queries.js';

/** Said when the invitation was already taken up: a colleague who has signed in gets their own links. */
const alreadyIn = (email: string) => `${email} has already signed in; they can ask for a sign-in link on the sign-in page.`;

/**
 * A coworker whose invitation is still open: a firm admin's own firm's member
 * who has never signed in. Only then may an admin hand on a way in; a link
 * for a colleague who uses Herd would let the admin sign in as them.
 */
const pendingInvitee = async (db: Db, actor: Actor, memberPk: number) => {
  const firmActor = can.administerFirm(actor);
  const member = await findFirmMember(db, firmActor.firmId, memberPk);
  if (!member) throw new NotFoundError();
  if (member.lastLoginAt !== null) throw ValidationError.detail(alreadyIn(member.email));
  return { firmActor, member };
};

/** Mails the invitation again, with a fresh link (the earlier one stays good until it expires). */
export const resendCoworkerInvitation = async (ctx: PeopleContext, actor: Actor, memberPk: number) => {
  const { firmActor, member } = await pendingInvitee(ctx.db, actor, memberPk);
  await sendInvitation(ctx, { firmId: firmActor.firmId, userPk: member.user, inviterUserPk: actor.userId, companyName: 'your firm’s clients' });
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'coworker.invitation_resend',
    targetType: 'firm_member',
    targetPk: member.pk,
    details: {},
  });
  return { detail: `Invitation sent again to ${member.email}.` };
};

/** A fresh invitation link for the admin to pass on themselves (chat, text message). */
export const coworkerInvitationLink = async (ctx: PeopleContext, actor: Actor, memberPk: number) => {
  const { firmActor, member } = await pendingInvitee(ctx.db, actor, memberPk);
  const code = await issueCode(ctx.db, member.user, 'MAGIC_LINK');
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'coworker.invitation_link',
    targetType: 'firm_member',
    targetPk: member.pk,
    details: {},
  });
  return { url: magicLinkUrl(ctx.appUrl, code) };
};
