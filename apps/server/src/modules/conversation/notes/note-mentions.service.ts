import { and, eq, inArray } from 'drizzle-orm';
import type { MentionedPerson } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { firmMembers, users } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor, requireFirmActor } from '../../../kernel/permissions.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { firmAudience } from '../../messaging/notifications/notifications.face.js';
import type { AppDeps } from '../../../app-deps.js';

const nameOf = (row: { firstName: string; lastName: string; email: string }) => `${row.firstName} ${row.lastName}`.trim() || row.email;

/** The active members of the firm among these users, by name (pk order). */
const membersAmong = async (db: Db, firmId: number, userPks: number[]): Promise<MentionedPerson[]> => {
  if (userPks.length === 0) return [];
  const rows = await db
    .select({ pk: users.pk, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), eq(users.isActive, true), inArray(users.pk, userPks)));
  return rows.map((r) => ({ pk: r.pk, name: nameOf(r) })).sort((a, b) => a.pk - b.pk);
};

/**
 * The people a note may mention, checked before it is saved: only the firm's
 * staff mention, and only people of the note's own firm. A pk naming anyone
 * else (another firm's person, a client, someone who left) is a field error,
 * not a silent drop, so a stale or forged mention is never taken for sent.
 */
export const checkMentions = async (db: Db, actor: Actor, firmId: number, given: number[] | undefined): Promise<number[]> => {
  const pks = [...new Set(given ?? [])];
  if (pks.length === 0) return [];
  if (!isFirmActor(actor)) throw ValidationError.field('mentions', 'Only your accountant’s firm can mention people in a note.');
  const found = await membersAmong(db, firmId, pks);
  if (found.length !== pks.length) throw ValidationError.field('mentions', 'A mention must name a person of your firm.');
  return pks;
};

/** The names of the people notes mention, for showing them: only the firm's own people are read. */
export const mentionedPeople = async (db: Db, firmId: number, userPks: number[]) =>
  new Map((await membersAmong(db, firmId, [...new Set(userPks)])).map((p) => [p.pk, p]));

/**
 * Whom the composer offers after "@": the firm's active people who can see
 * the client company (admins, and the team members assigned to it), or every
 * member for the firm's internal thread. A colleague who could not open the
 * note is not offered, and would not be told if named anyway. Clients are
 * never offered the firm's people (403, as for any accountant-side read).
 */
export const listMentionable = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number | undefined }): Promise<MentionedPerson[]> => {
  const staff = requireFirmActor(actor);
  if (companyPk !== undefined) await companyAccess(db, actor, companyPk, 'accountant');
  const seeing = await firmAudience(db, staff.firmId, companyPk ?? null);
  return (await membersAmong(db, staff.firmId, seeing)).sort((a, b) => a.name.localeCompare(b.name));
};
