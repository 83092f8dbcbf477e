import type { Db } from '../../db/client.js';
import { clientMemberships, firmMembers, users } from '../../db/schema/index.js';
import { findUserByEmail } from '../auth/auth.queries.js';
import { findFirmsOfUser } from '../client-users/client-users.queries.js';
import { grantRestrictions } from '../restrictions/restrictions.queries.js';
import { COWORKER_INVITATION_SUBJECT, sendEmailTakenNotice, sendInvitation, type InvitationMailContext } from './invitation-mail.js';
import { deletePendingInvitations, findPendingInvitation } from './pending-invitations.queries.js';
import { findCompany } from '../client-side/client-side.queries.js';
import { carryOverAssignments } from './pending-assignments.queries.js';

type PendingRow = NonNullable<Awaited<ReturnType<typeof findPendingInvitation>>>;

/**
 * Turns a pending invitation into the person it invites, in one transaction: the user (with the pk the
 * invitation reserved, unless they exist already), their firm membership (with the clients assigned while
 * pending) or company membership (with the inviting client's restrictions), and the pending row is gone. The people endpoints keep the same pk.
 */
const takeUp = (db: Db, row: PendingRow, existingUserPk: number | null) =>
  db.transaction(async (tx) => {
    const userPk = existingUserPk ?? row.userPk;
    if (existingUserPk === null) {
      await tx
        .insert(users)
        .overridingSystemValue()
        .values({
          pk: row.userPk,
          email: row.email,
          passwordHash: null,
          firstName: row.firstName,
          lastName: row.lastName,
          phone: row.phone,
          accountType: row.memberPk !== null ? 'ACCOUNTANT_COWORKER' : (row.role as 'CLIENT' | 'CLIENT_COWORKER'),
        });
    }
    if (row.memberPk !== null) {
      await tx
        .insert(firmMembers)
        .overridingSystemValue()
        .values({ pk: row.memberPk, firmId: row.firmId, userId: userPk, role: row.role as 'FIRM_ADMIN' | 'CLIENT_ADMIN' | 'TEAM_MEMBER', mfaEnabled: row.mfaEnabled });
      await carryOverAssignments(tx, row.pk, row.memberPk); // before the row (and its assignments) is deleted
    } else if (row.clientCompanyId !== null) {
      await tx
        .insert(clientMemberships)
        .values({ clientCompanyId: row.clientCompanyId, userId: userPk, role: row.role as 'CLIENT' | 'CLIENT_COWORKER' })
        .onConflictDoNothing();
      if (row.restrictions) await grantRestrictions(tx, row.clientCompanyId, userPk, row.restrictions);
    }
    await deletePendingInvitations(tx, row.firmId, [row.pk]);
    return userPk;
  });

/**
 * The invitation job, run after the invite's answer has gone: only here is the email looked up, so the
 * answer and its timing never depend on whom it belongs to.
 * - Nobody uses the email: the person is created and mailed their sign-in link.
 * - It is already this person (another invitation of the firm created them) or, for a client invitation,
 *   a client of this firm: they gain the membership and are mailed the link.
 * - It belongs to another firm's person: they are mailed that the address is taken, and the invitation
 *   stays pending for the inviting firm, which sees an invitation never taken up.
 * Running it twice does no harm: a row taken up is gone, and a notice mailed twice is only a notice.
 */
export const runInvitationJob = async (ctx: InvitationMailContext, pendingPk: number): Promise<void> => {
  const row = await findPendingInvitation(ctx.db, pendingPk);
  if (!row) return; // removed by the firm, or taken up by an earlier run
  const existing = await findUserByEmail(ctx.db, row.email);
  let joins = existing === null || existing.pk === row.userPk;
  if (existing && !joins && row.memberPk === null) {
    const firms = await findFirmsOfUser(ctx.db, existing.pk);
    joins = firms.staffFirmIds.length === 0 && firms.clientFirmIds.every((f) => f === row.firmId) && firms.clientFirmIds.length > 0;
  }
  if (!joins) {
    await sendEmailTakenNotice(ctx, { firmId: row.firmId, email: row.email, inviterUserPk: row.invitedBy });
    return;
  }
  const userPk = await takeUp(ctx.db, row, existing?.pk ?? null);
  const company = row.clientCompanyId === null ? null : await findCompany(ctx.db, row.firmId, row.clientCompanyId);
  await sendInvitation(ctx, {
    firmId: row.firmId,
    userPk,
    inviterUserPk: row.invitedBy,
    companyName: company?.name ?? COWORKER_INVITATION_SUBJECT,
    ...(company ? { companyPk: company.pk } : {}),
  });
};
