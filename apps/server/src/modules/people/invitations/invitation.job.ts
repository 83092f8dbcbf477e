import { COWORKER_INVITATION_SUBJECT, sendEmailTakenNotice, sendInvitation, type InvitationMailContext } from './invitation-mail.content.js';
import { findPendingInvitation } from './pending-invitations.queries.js';
import { findCompany } from '../../../kernel/companies.queries.js';
import { takeUp, takeUpDecision } from './take-up.service.js';

/**
 * The invitation job, run after the invite's answer has gone: only here (or when the person opens a link
 * copied for them meanwhile, invitation-links.service.ts) is the email looked up, so the answer and its timing
 * never depend on whom it belongs to.
 * - Nobody uses the email: the person is created and mailed their sign-in link.
 * - It is already this person (another invitation of the firm created them) or, for a client invitation,
 *   a client of this firm: they gain the membership and are mailed the link.
 * - It belongs to another firm's person: they are mailed that the address is taken, and the invitation
 *   stays pending for the inviting firm, which sees an invitation never taken up.
 * Running it twice does no harm: a row taken up is gone, and a notice mailed twice is only a notice.
 */
export const runInvitationJob = async (ctx: InvitationMailContext, pendingPk: number): Promise<void> => {
  const row = await findPendingInvitation(ctx.db, pendingPk);
  if (!row) return; // removed by the firm, or taken up by an earlier run or by a copied link
  const { joins, existingUserPk } = await takeUpDecision(ctx.db, row);
  if (!joins) {
    await sendEmailTakenNotice(ctx, { firmId: row.firmId, email: row.email, inviterUserPk: row.invitedBy });
    return;
  }
  const userPk = await takeUp(ctx.db, row, existingUserPk);
  if (userPk === null) return; // a copied link took it up a moment ago: the person is in
  const company = row.clientCompanyId === null ? null : await findCompany(ctx.db, row.firmId, row.clientCompanyId);
  await sendInvitation(ctx, {
    firmId: row.firmId,
    userPk,
    inviterUserPk: row.invitedBy,
    companyName: company?.name ?? COWORKER_INVITATION_SUBJECT,
    ...(company ? { companyPk: company.pk } : {}),
  });
};
