import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientCompanyAssignments, pendingInvitationAssignments, pendingInvitations } from '../../../db/schema/index.js';

/*
 * Client assignments of coworkers whose invitation is pending, addressed by the member pk the invitation
 * reserved, so the client screens answer for them as for any member. Every query names the firm.
 */

/** The firm's pending coworkers among these member pks, as { memberPk, pendingPk }. */
export const findPendingCoworkerPks = async (db: Db, firmId: number, memberPks: number[]) =>
  memberPks.length === 0
    ? []
    : (
        await db
          .select({ memberPk: pendingInvitations.memberPk, pendingPk: pendingInvitations.pk })
          .from(pendingInvitations)
          .where(and(eq(pendingInvitations.firmId, firmId), isNotNull(pendingInvitations.memberPk), inArray(pendingInvitations.memberPk, memberPks)))
      ).map((r) => ({ memberPk: r.memberPk!, pendingPk: r.pendingPk }));

/** Pending coworkers assigned to each of these companies, shaped like `findAssignments`' rows. */
export const findPendingAssignments = (db: Db, firmId: number, companyPks: number[]) =>
  companyPks.length === 0
    ? Promise.resolve([])
    : db
        .select({
          clientCompanyId: pendingInvitationAssignments.clientCompanyId,
          pk: pendingInvitations.memberPk,
          firstName: pendingInvitations.firstName,
          lastName: pendingInvitations.lastName,
          email: pendingInvitations.email,
        })
        .from(pendingInvitationAssignments)
        .innerJoin(pendingInvitations, eq(pendingInvitations.pk, pendingInvitationAssignments.pendingInvitationId))
        .innerJoin(clientCompanies, eq(clientCompanies.pk, pendingInvitationAssignments.clientCompanyId))
        .where(and(eq(pendingInvitations.firmId, firmId), eq(clientCompanies.firmId, firmId), inArray(pendingInvitationAssignments.clientCompanyId, companyPks)))
        .then((rows) => rows.map((r) => ({ ...r, pk: r.pk! })));

/** Replaces the pending coworkers assigned to one company of the firm (the real ones are `replaceAssignments`'). */
export const replacePendingAssignments = async (db: Db, firmId: number, companyPk: number, pendingPks: number[]) => {
  const ofFirm = db.select({ pk: pendingInvitations.pk }).from(pendingInvitations).where(eq(pendingInvitations.firmId, firmId));
  await db
    .delete(pendingInvitationAssignments)
    .where(and(eq(pendingInvitationAssignments.clientCompanyId, companyPk), inArray(pendingInvitationAssignments.pendingInvitationId, ofFirm)));
  if (pendingPks.length > 0) {
    await db.insert(pendingInvitationAssignments).select(
      db
        .select({ pendingInvitationId: pendingInvitations.pk, clientCompanyId: clientCompanies.pk })
        .from(pendingInvitations)
        .innerJoin(clientCompanies, eq(clientCompanies.firmId, pendingInvitations.firmId))
        .where(and(eq(pendingInvitations.firmId, firmId), eq(clientCompanies.pk, companyPk), inArray(pendingInvitations.pk, pendingPks))),
    );
  }
};

/** The invitation job's carry-over: a pending coworker's clients become assignments of the member just created. */
export const carryOverAssignments = async (tx: Db, pendingPk: number, memberPk: number) => {
  const rows = await tx
    .select({ clientCompanyId: pendingInvitationAssignments.clientCompanyId })
    .from(pendingInvitationAssignments)
    .where(eq(pendingInvitationAssignments.pendingInvitationId, pendingPk));
  if (rows.length > 0) {
    await tx
      .insert(clientCompanyAssignments)
      .values(rows.map((r) => ({ clientCompanyId: r.clientCompanyId, firmMemberId: memberPk })))
      .onConflictDoNothing();
  }
};
