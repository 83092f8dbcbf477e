import { details } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { findUserOfFirmByEmail } from '../../people/auth/auth.face.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import type { PeopleContext } from '../../people/invitations/invitations.face.js';
import { deletePendingInvitations, type findPendingClientRows, findPendingOfEmail, updatePendingPerson } from '../../people/invitations/invitations.face.js';
import { queueInvitationJob } from '../../people/invitations/invitations.face.js';

/*
 * A person whose client invitation is pending answers the people endpoints as an invited client user
 * who never signed in; these are the writes that act on their pending rows instead of a user.
 */

export type PendingRows = Awaited<ReturnType<typeof findPendingClientRows>>;

/** Withdraws the invitation to these companies; `deleted` when none is left, as for a user left with no company. */
export const removePendingAccess = async (tx: Db, firmId: number, rows: PendingRows, companyPks: number[]) => {
  const gone = rows.filter((r) => companyPks.includes(r.clientCompanyId!));
  await deletePendingInvitations(
    tx,
    firmId,
    gone.map((r) => r.pk),
  );
  return { deleted: gone.length === rows.length };
};

/**
 * Corrects a pending person's email or phone. A new email is checked against the firm's own people only
 * (as an invitation is) and the invitation is tried again with it, so a firm told nothing can still fix a
 * mistyped or taken address.
 */
export const updatePendingContacts = async (
  ctx: PeopleContext,
  actor: FirmActor,
  rows: PendingRows,
  input: { email?: string | undefined; phone?: string | undefined },
) => {
  const first = rows[0]!;
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== first.email.toLowerCase() ? input.email : undefined;
  if (newEmail) {
    const taken =
      (await findUserOfFirmByEmail(ctx.db, actor.firmId, newEmail)) !== null ||
      (await findPendingOfEmail(ctx.db, actor.firmId, newEmail)).some((r) => r.userPk !== first.userPk);
    if (taken) throw ValidationError.field('email', details.emailTaken);
  }
  await ctx.db.transaction(async (tx) => {
    await updatePendingPerson(tx, actor.firmId, first.userPk, { email: input.email, phone: input.phone });
    await writeAudit(tx, {
      firmId: actor.firmId,
      actorUserId: actor.userId,
      action: 'client_user.contacts_update',
      targetType: 'user',
      targetPk: first.userPk,
      details: { fields: Object.keys(input) },
    });
  });
  if (newEmail) for (const row of rows) await queueInvitationJob(ctx.jobs, row.pk);
};
