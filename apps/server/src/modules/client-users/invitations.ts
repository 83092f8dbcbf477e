import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { findUserByEmail, insertUser } from '../auth/auth.queries.js';
import { findFirmsOfUser, findMembership, insertMembership } from './client-users.queries.js';

export const inviteMessages = {
  staffEmail: 'This email belongs to an accountant and cannot be added as a client.',
  otherFirm: 'This email is already used by a client of another firm.',
  alreadyMember: 'This person already has access to this client.',
} as const;

/**
 * Gives a person access to one client company: an existing client user of the
 * same firm gains a membership; a new email becomes a client user with no
 * password (they sign in by magic link). Returns the user's pk and whether
 * the account is new. Runs inside the caller's transaction.
 */
export const addClientMember = async (
  db: Db,
  opts: {
    firmId: number;
    companyPk: number;
    email: string;
    firstName: string;
    lastName: string;
    role: 'CLIENT' | 'CLIENT_COWORKER';
  },
): Promise<{ userPk: number; created: boolean }> => {
  const existing = await findUserByEmail(db, opts.email);
  if (existing) {
    const firms = await findFirmsOfUser(db, existing.pk);
    if (firms.staffFirmIds.length > 0) throw ValidationError.field('email', inviteMessages.staffEmail);
    if (firms.clientFirmIds.some((f) => f !== opts.firmId)) throw ValidationError.field('email', inviteMessages.otherFirm);
    if (await findMembership(db, opts.companyPk, existing.pk)) throw ValidationError.field('email', inviteMessages.alreadyMember);
    await insertMembership(db, { clientCompanyId: opts.companyPk, userId: existing.pk, role: opts.role });
    return { userPk: existing.pk, created: false };
  }
  const user = await insertUser(db, {
    email: opts.email,
    passwordHash: null,
    firstName: opts.firstName,
    lastName: opts.lastName,
    accountType: opts.role,
  });
  await insertMembership(db, { clientCompanyId: opts.companyPk, userId: user.pk, role: opts.role });
  return { userPk: user.pk, created: true };
};
