import { details, type Coworker, type FirmRole } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import type { Actor } from '../auth/actor.js';
import { findUserByEmail, insertFirmMember, insertUser } from '../auth/auth.queries.js';
import { can } from '../auth/permissions.js';
import type { PeopleContext } from '../client-users/client-users.service.js';
import { sendInvitation } from '../client-users/client-users.service.js';
import { countFirmMembers, deleteUserOfMember, findFirmMember, listFirmMembers, updateFirmMember, updateMemberUserFields } from './coworkers.queries.js';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findFirmMember>>>;

const LAST_ADMIN = 'A firm needs at least one firm admin.';

const toCoworker = (m: MemberRow): Coworker => ({
  pk: m.pk,
  user: m.user,
  email: m.email,
  first_name: m.firstName,
  last_name: m.lastName,
  phone: m.phone,
  role: m.role,
  has_signed_in: m.lastLoginAt !== null,
  mfa_enabled: m.mfaEnabled,
  is_mfa_setup: m.isMfaSetup,
  mfa_method: m.mfaMethod,
});

/** Every firm user sees the team (to assign clients); only a FIRM_ADMIN changes it. */
export const listCoworkers = async (db: Db, actor: Actor) => {
  const firmActor = can.workOnClients(actor);
  return (await listFirmMembers(db, firmActor.firmId)).map(toCoworker);
};

export const countCoworkers = async (db: Db, actor: Actor) => ({
  count: await countFirmMembers(db, can.workOnClients(actor).firmId),
});

const getMember = async (db: Db, firmId: number, memberPk: number) => {
  const member = await findFirmMember(db, firmId, memberPk);
  if (!member) throw new NotFoundError();
  return member;
};

export const retrieveCoworker = async (db: Db, actor: Actor, memberPk: number) => toCoworker(await getMember(db, can.workOnClients(actor).firmId, memberPk));

export const inviteCoworker = async (ctx: PeopleContext, actor: Actor, input: { email: string; first_name: string; last_name: string; role: FirmRole }) => {
  const firmActor = can.administerFirm(actor);
  if (await findUserByEmail(ctx.db, input.email)) throw ValidationError.field('email', details.emailTaken);
  let memberPk: number;
  try {
    memberPk = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash: null,
        firstName: input.first_name,
        lastName: input.last_name,
        accountType: 'ACCOUNTANT_COWORKER',
      });
      const member = await insertFirmMember(tx, { firmId: firmActor.firmId, userId: user.pk, role: input.role });
      await writeAudit(tx, {
        firmId: firmActor.firmId,
        actorUserId: actor.userId,
        action: 'coworker.invite',
        targetType: 'firm_member',
        targetPk: member.pk,
        details: { role: input.role },
      });
      return member.pk;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ValidationError.field('email', details.emailTaken);
    throw err;
  }
  const member = await getMember(ctx.db, firmActor.firmId, memberPk);
  await sendInvitation(ctx, { firmId: firmActor.firmId, userPk: member.user, inviterUserPk: actor.userId, companyName: 'your firm’s clients' });
  return toCoworker(member);
};

export const updateCoworker = async (
  db: Db,
  actor: Actor,
  memberPk: number,
  input: { first_name?: string | undefined; last_name?: string | undefined; phone?: string | undefined; role?: FirmRole | undefined },
) => {
  const firmActor = can.administerFirm(actor);
  const member = await getMember(db, firmActor.firmId, memberPk);
  await db.transaction(async (tx) => {
    if (input.role && input.role !== member.role) {
      if (member.role === 'FIRM_ADMIN' && (await countFirmMembers(tx, firmActor.firmId, 'FIRM_ADMIN')) <= 1) {
        throw ValidationError.field('role', LAST_ADMIN);
      }
      await updateFirmMember(tx, firmActor.firmId, member.pk, { role: input.role });
    }
    await updateMemberUserFields(tx, firmActor.firmId, member.user, { firstName: input.first_name, lastName: input.last_name, phone: input.phone });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'coworker.update',
      targetType: 'firm_member',
      targetPk: member.pk,
      details: { fields: Object.keys(input), role: input.role ?? member.role },
    });
  });
  return toCoworker(await getMember(db, firmActor.firmId, memberPk));
};

/** Removes a coworker's account; a firm admin cannot remove themselves. */
export const removeCoworker = async (db: Db, actor: Actor, memberPk: number) => {
  const firmActor = can.administerFirm(actor);
  const member = await getMember(db, firmActor.firmId, memberPk);
  if (member.pk === firmActor.firmMemberId) throw ValidationError.detail('You cannot remove yourself from the firm.');
  await db.transaction(async (tx) => {
    await deleteUserOfMember(tx, firmActor.firmId, member.user);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'coworker.remove',
      targetType: 'firm_member',
      targetPk: member.pk,
      details: { email: member.email },
    });
  });
};
