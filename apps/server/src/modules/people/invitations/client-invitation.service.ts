import { ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { findUserOfFirmByEmail } from '../auth/auth.face.js';
import { findFirmsOfUser, insertMembership } from '../../../kernel/company-membership.js';
import { findMembership } from '../../../kernel/company-membership.js';
import type { AccountRestrictions } from '../../../kernel/account-scope.js';
import { grantRestrictions } from '../restrictions/restrictions.face.js';
import { sendInvitation } from './invitation-mail.content.js';
import type { PeopleContext } from './people-context.service.js';
import { findPendingOfEmail } from './pending-invitations.queries.js';
import { queueInvitationJob, recordInvitation } from './record-invitation.service.js';

/** Field errors about the firm's own people: they tell the inviter nothing they could not see already. */
export const inviteMessages = {
  staffEmail: 'This email belongs to an accountant and cannot be added as a client.',
  alreadyMember: 'This person already has access to this client.',
} as const;

export interface CompanyInvitation {
  firmId: number;
  company: { pk: number; name: string };
  email: string;
  firstName: string;
  lastName: string;
  role: 'CLIENT' | 'CLIENT_COWORKER';
  inviterUserPk: number;
  /** The inviting client's own restrictions, passed on to the coworker; null when unrestricted. */
  restrictions: AccountRestrictions | null;
  audit: { action: string; details: Record<string, unknown> };
}

const hasRestrictions = (r: AccountRestrictions | null): r is AccountRestrictions => r !== null && (r.paymentAccountIds !== null || r.watchedAccountIds !== null);

/** A client user of the firm already: they gain the company at once and are mailed their link. */
const addOwnClient = async (ctx: PeopleContext, inv: CompanyInvitation, userPk: number) => {
  if (await findMembership(ctx.db, inv.company.pk, userPk)) throw ValidationError.field('email', inviteMessages.alreadyMember);
  await ctx.db.transaction(async (tx) => {
    await insertMembership(tx, { clientCompanyId: inv.company.pk, userId: userPk, role: inv.role });
    if (hasRestrictions(inv.restrictions)) await grantRestrictions(tx, inv.company.pk, userPk, inv.restrictions);
    await writeAudit(tx, {
      firmId: inv.firmId,
      actorUserId: inv.inviterUserPk,
      action: inv.audit.action,
      targetType: 'user',
      targetPk: userPk,
      details: inv.audit.details,
    });
  });
  await sendInvitation(ctx, { firmId: inv.firmId, userPk, inviterUserPk: inv.inviterUserPk, companyName: inv.company.name, companyPk: inv.company.pk });
};

/**
 * Invites a person to one client company and answers their pk. Only the firm's own people are looked up
 * here (its staff, its clients, its pending invitations), and their duplicates are field errors. Any other
 * email, unknown or another firm's, is recorded as a pending invitation by the same statements, and the
 * job decides after the answer (`invitation.job.ts`).
 */
export const inviteToCompany = async (ctx: PeopleContext, inv: CompanyInvitation): Promise<number> => {
  const own = await findUserOfFirmByEmail(ctx.db, inv.firmId, inv.email);
  if (own) {
    if ((await findFirmsOfUser(ctx.db, own.pk)).staffFirmIds.includes(inv.firmId)) throw ValidationError.field('email', inviteMessages.staffEmail);
    await addOwnClient(ctx, inv, own.pk);
    return own.pk;
  }
  const pending = await findPendingOfEmail(ctx.db, inv.firmId, inv.email);
  if (pending.some((p) => p.memberPk !== null)) throw ValidationError.field('email', inviteMessages.staffEmail);
  if (pending.some((p) => p.clientCompanyId === inv.company.pk)) throw ValidationError.field('email', inviteMessages.alreadyMember);
  const row = await ctx.db.transaction(async (tx) => {
    const recorded = await recordInvitation(
      tx,
      {
        firmId: inv.firmId,
        clientCompanyId: inv.company.pk,
        email: inv.email,
        firstName: inv.firstName,
        lastName: inv.lastName,
        role: inv.role,
        restrictions: hasRestrictions(inv.restrictions) ? inv.restrictions : null,
        invitedBy: inv.inviterUserPk,
      },
      pending[0]?.userPk,
    );
    await writeAudit(tx, {
      firmId: inv.firmId,
      actorUserId: inv.inviterUserPk,
      action: inv.audit.action,
      targetType: 'user',
      targetPk: recorded.userPk,
      details: inv.audit.details,
    });
    return recorded;
  });
  await queueInvitationJob(ctx.jobs, row.pk);
  return row.userPk;
};
