import { unavailable } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { canDeliverEmail } from '../../../mail/email-delivery.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { magicLinkUrl } from '../auth/auth.face.js';
import { issueCode } from '../auth/auth.face.js';
import { can } from '../../../kernel/permissions.js';
import { COWORKER_INVITATION_SUBJECT, sendInvitation } from '../invitations/invitations.face.js';
import { issueInvitationLink } from '../invitations/invitations.face.js';
import { peopleContextOf, type PeopleDeps } from '../invitations/invitations.face.js';
import { findPendingCoworker, markPendingResent } from '../invitations/invitations.face.js';
import { queueInvitationJob } from '../invitations/invitations.face.js';
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
  if (member) {
    if (member.lastLoginAt !== null) throw ValidationError.detail(alreadyIn(member.email));
    return { firmActor, member, pending: null };
  }
  // An invitation still pending (another firm's person, or one the job has not taken up yet) answers the same.
  const pending = await findPendingCoworker(db, firmActor.firmId, memberPk);
  if (!pending) throw new NotFoundError();
  return { firmActor, member: { pk: memberPk, user: pending.userPk, email: pending.email }, pending };
};

/** Mails the invitation again, with a fresh link (the earlier one stays good until it expires). */
export const resendCoworkerInvitation = async (deps: PeopleDeps, actor: Actor, { memberPk }: { memberPk: number }) => {
  const ctx = peopleContextOf(deps);
  const { firmActor, member, pending } = await pendingInvitee(ctx.db, actor, memberPk);
  // Checked after who may ask about whom: where no email leaves, the admin is told to hand the link on themselves.
  if (!canDeliverEmail(deps.config)) throw ValidationError.detail(unavailable.invitationEmail);
  if (pending) {
    // The job looks the email up again: the address may have become free, or it mails the notice once more.
    await markPendingResent(ctx.db, firmActor.firmId, [pending.pk]);
    await queueInvitationJob(ctx.jobs, pending.pk);
  } else {
    await sendInvitation(ctx, { firmId: firmActor.firmId, userPk: member.user, inviterUserPk: actor.userId, companyName: COWORKER_INVITATION_SUBJECT });
  }
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
export const coworkerInvitationLink = async (deps: PeopleDeps, actor: Actor, { memberPk }: { memberPk: number }) => {
  const ctx = peopleContextOf(deps);
  const { firmActor, member, pending } = await pendingInvitee(ctx.db, actor, memberPk);
  // A pending invitation has nobody to sign in as yet: its link takes the invitation up when opened (docs/architecture.md).
  const code = pending ? await issueInvitationLink(ctx.db, firmActor.firmId, member.user) : await issueCode(ctx.db, member.user, 'MAGIC_LINK');
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
