import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientMemberships, firmMembers, pendingInvitations, users } from '../../../db/schema/index.js';
import { findUserByEmail } from '../auth/auth.face.js';
import { findFirmsOfUser } from '../../../kernel/company-membership.js';
import { grantRestrictions } from '../restrictions/restrictions.face.js';
import { moveInvitationLinksToUser } from './invitation-links.queries.js';
import { carryOverAssignments } from './pending-assignments.queries.js';
import { deletePendingInvitations, type findPendingInvitation } from './pending-invitations.queries.js';

export type PendingRow = NonNullable<Awaited<ReturnType<typeof findPendingInvitation>>>;

/**
 * Whether the invitation may become a person, and who: nobody uses the email (a new user under the
 * reserved pk); it is already this person; or, for a client invitation, a client of this firm alone
 * (they gain the membership). Another firm's person (staff anywhere, or a client elsewhere) may not.
 * Looked at only after the inviter's answer has gone (the job, or the person opening a copied link).
 */
export const takeUpDecision = async (db: Db, row: PendingRow): Promise<{ joins: boolean; existingUserPk: number | null }> => {
  const existing = await findUserByEmail(db, row.email);
  let joins = existing === null || existing.pk === row.userPk;
  if (existing && !joins && row.memberPk === null) {
    const firms = await findFirmsOfUser(db, existing.pk);
    joins = firms.staffFirmIds.length === 0 && firms.clientFirmIds.every((f) => f === row.firmId) && firms.clientFirmIds.length > 0;
  }
  return { joins, existingUserPk: existing?.pk ?? null };
};

/**
 * Turns a pending invitation into the person it invites, in one transaction: the user (with the pk the
 * invitation reserved, unless they exist already), their firm membership (with the clients assigned while
 * pending) or company membership (with the inviting client's restrictions), the sign-in links copied while
 * pending (now the user's), and the pending row is gone. The people endpoints keep the same pk.
 * The row is locked first: the job and a copied link opened at the same moment take it up once, and the
 * one that finds it gone answers null.
 */
export const takeUp = (db: Db, row: PendingRow, existingUserPk: number | null): Promise<number | null> =>
  db.transaction(async (tx) => {
    const [still] = await tx
      .select({ pk: pendingInvitations.pk })
      .from(pendingInvitations)
      .where(and(eq(pendingInvitations.firmId, row.firmId), eq(pendingInvitations.pk, row.pk)))
      .for('update');
    if (!still) return null;
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
    await moveInvitationLinksToUser(tx, row.firmId, row.userPk, userPk);
    await deletePendingInvitations(tx, row.firmId, [row.pk]);
    return userPk;
  });
