import { details, type Coworker, type FirmRole } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { findUserOfFirmByEmail } from '../auth/auth.face.js';
import { can } from '../../../kernel/permissions.js';
import {
  countPendingCoworkers,
  deletePendingInvitations,
  findPendingCoworker,
  findPendingOfEmail,
  listPendingCoworkers,
  updatePendingPerson,
} from '../invitations/invitations.face.js';
import { queueInvitationJob, recordInvitation } from '../invitations/invitations.face.js';
import { countFirmMembers, deleteUserOfMember, findFirmMember, listFirmMembers, updateFirmMember, updateMemberUserFields } from './coworkers.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findFirmMember>>>;
type PendingCoworker = NonNullable<Awaited<ReturnType<typeof findPendingCoworker>>>;

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

/** A coworker whose invitation is pending, as the team endpoints show them: invited, never signed in, under their member pk. */
const pendingToCoworker = (row: PendingCoworker): Coworker => ({
  pk: row.memberPk!,
  user: row.userPk,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  phone: row.phone,
  role: row.role as FirmRole,
  has_signed_in: false,
  mfa_enabled: row.mfaEnabled,
  is_mfa_setup: false,
  mfa_method: null,
});

const byName = (c: Coworker) => [c.first_name.toLowerCase(), c.last_name.toLowerCase(), String(c.pk).padStart(10, '0')].join('\u0000');

/** Every firm user sees the team (to assign clients), pending invitations included; only a FIRM_ADMIN changes it. */
export const listCoworkers = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  const firmActor = can.workOnClients(actor);
  const team = [...(await listFirmMembers(db, firmActor.firmId)).map(toCoworker), ...(await listPendingCoworkers(db, firmActor.firmId)).map(pendingToCoworker)];
  return team.sort((x, y) => (byName(x) < byName(y) ? -1 : byName(x) > byName(y) ? 1 : 0));
};

/** Members and pending invitations together (the team as its admins see it). */
const countTeam = async (db: Db, firmId: number, role?: 'FIRM_ADMIN') => (await countFirmMembers(db, firmId, role)) + (await countPendingCoworkers(db, firmId, role));

export const countCoworkers = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => ({ count: await countTeam(db, can.workOnClients(actor).firmId) });

/** A member of the firm or a pending invitation of it, by the member pk both are addressed by; else 404. */
const getMember = async (db: Db, firmId: number, memberPk: number) => {
  const member = await findFirmMember(db, firmId, memberPk);
  if (member) return { member, pending: null };
  const pending = await findPendingCoworker(db, firmId, memberPk);
  if (!pending) throw new NotFoundError();
  return { member: null, pending };
};

const coworkerOf = (found: Awaited<ReturnType<typeof getMember>>) => (found.member ? toCoworker(found.member) : pendingToCoworker(found.pending!));

export const retrieveCoworker = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { memberPk }: { memberPk: number }) =>
  coworkerOf(await getMember(db, can.workOnClients(actor).firmId, memberPk));

/**
 * Records the invitation for the firm and answers it at once. Only the firm's own people are looked up
 * here; whether anyone else uses the email is the invitation job's to find out, after the answer.
 */
export const inviteCoworker = async (
  { db, jobs }: Pick<AppDeps, 'db' | 'jobs'>,
  actor: Actor,
  input: { email: string; first_name: string; last_name: string; role: FirmRole },
) => {
  const firmActor = can.administerFirm(actor);
  const taken = (await findUserOfFirmByEmail(db, firmActor.firmId, input.email)) !== null || (await findPendingOfEmail(db, firmActor.firmId, input.email)).length > 0;
  if (taken) throw ValidationError.field('email', details.emailTaken);
  const row = await db.transaction(async (tx) => {
    const recorded = await recordInvitation(tx, {
      firmId: firmActor.firmId,
      clientCompanyId: null,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      invitedBy: actor.userId,
    });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'coworker.invite',
      targetType: 'firm_member',
      targetPk: recorded.memberPk!,
      details: { role: input.role },
    });
    return recorded;
  });
  await queueInvitationJob(jobs, row.pk);
  return pendingToCoworker(row);
};

export const updateCoworker = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { memberPk, ...input }: { memberPk: number; first_name?: string | undefined; last_name?: string | undefined; phone?: string | undefined; role?: FirmRole | undefined },
) => {
  const firmActor = can.administerFirm(actor);
  const found = await getMember(db, firmActor.firmId, memberPk);
  const current = coworkerOf(found);
  await db.transaction(async (tx) => {
    if (input.role && input.role !== current.role) {
      if (current.role === 'FIRM_ADMIN' && (await countTeam(tx, firmActor.firmId, 'FIRM_ADMIN')) <= 1) {
        throw ValidationError.field('role', LAST_ADMIN);
      }
      if (found.member) await updateFirmMember(tx, firmActor.firmId, current.pk, { role: input.role });
    }
    const names = { firstName: input.first_name, lastName: input.last_name, phone: input.phone };
    if (found.member) await updateMemberUserFields(tx, firmActor.firmId, current.user, names);
    else await updatePendingPerson(tx, firmActor.firmId, current.user, { ...names, role: input.role });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'coworker.update',
      targetType: 'firm_member',
      targetPk: current.pk,
      details: { fields: Object.keys(input), role: input.role ?? current.role },
    });
  });
  return coworkerOf(await getMember(db, firmActor.firmId, memberPk));
};

/** Removes a coworker's account; a firm admin cannot remove themselves. */
export const removeCoworker = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { memberPk }: { memberPk: number }) => {
  const firmActor = can.administerFirm(actor);
  const found = await getMember(db, firmActor.firmId, memberPk);
  const member = coworkerOf(found);
  if (member.pk === firmActor.firmMemberId) throw ValidationError.detail('You cannot remove yourself from the firm.');
  await db.transaction(async (tx) => {
    if (found.pending) await deletePendingInvitations(tx, firmActor.firmId, [found.pending.pk]);
    else await deleteUserOfMember(tx, firmActor.firmId, member.user);
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
