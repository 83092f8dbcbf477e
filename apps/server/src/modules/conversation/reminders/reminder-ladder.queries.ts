import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, users } from '../../../db/schema/index.js';
import { openWorkExists } from './reminders.queries.js';

const ladderColumns = {
  pk: clientCompanies.pk,
  firmId: clientCompanies.firmId,
  name: clientCompanies.name,
  pinnedNote: clientCompanies.pinnedNote,
  reminderSchedule: clientCompanies.reminderSchedule,
  lastReminderDate: clientCompanies.lastReminderDate,
  unansweredSince: clientCompanies.unansweredSince,
  ladderTextedUsers: clientCompanies.ladderTextedUsers,
  ladderTextedAt: clientCompanies.ladderTextedAt,
  ladderCallDueAt: clientCompanies.ladderCallDueAt,
};

/**
 * The companies with an unanswered stretch and a step the company's settings ask for not yet taken, reminders on: the
 * sweep's candidates (the rule decides what is due). A company whose steps are all taken or left out is not read
 * every quarter hour for nothing: its stretch ends at its next reminder run if the client acted.
 */
export const companiesOnTheLadder = (db: Db) =>
  db
    .select(ladderColumns)
    .from(clientCompanies)
    .where(
      and(
        isNotNull(clientCompanies.unansweredSince),
        sql`(${clientCompanies.reminderSchedule}->>'enabled')::boolean`,
        or(
          sql`${clientCompanies.ladderTextedAt} is null and ${clientCompanies.reminderSchedule}->>'text_after_days' is not null`,
          sql`${clientCompanies.ladderCallDueAt} is null and ${clientCompanies.reminderSchedule}->>'call_after_days' is not null`,
        ),
      ),
    );
export type LadderCompany = Awaited<ReturnType<typeof companiesOnTheLadder>>[number];

export const findLadderCompany = async (db: Db, firmId: number, companyPk: number) => {
  const [row] = await db
    .select(ladderColumns)
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, firmId), eq(clientCompanies.pk, companyPk)));
  return row ?? null;
};

/** The stretch `since` of one company, and only that one: a newer stretch begun meanwhile is left alone. */
const stretchOf = (companyPk: number, since: Date) => and(eq(clientCompanies.pk, companyPk), eq(clientCompanies.unansweredSince, since));

/** The client acted, or nothing is open any more: the stretch ends and the ladder starts again from the next reminder. */
export const endStretch = (db: Db, companyPk: number, since: Date) =>
  db.update(clientCompanies).set({ unansweredSince: null, ladderTextedUsers: [], ladderTextedAt: null, ladderCallDueAt: null }).where(stretchOf(companyPk, since));

/** Claims the text of one person in one stretch: true for exactly one caller. */
export const claimLadderText = async (db: Db, companyPk: number, since: Date, userPk: number) =>
  (
    await db
      .update(clientCompanies)
      .set({ ladderTextedUsers: sql`array_append(${clientCompanies.ladderTextedUsers}, ${userPk}::int)` })
      .where(and(stretchOf(companyPk, since), sql`not (${userPk}::int = any(${clientCompanies.ladderTextedUsers}))`))
      .returning({ pk: clientCompanies.pk })
  ).length > 0;

/** A person in their quiet hours is texted by a later sweep: their claim is given back. */
export const giveBackLadderText = (db: Db, companyPk: number, since: Date, userPk: number) =>
  db
    .update(clientCompanies)
    .set({ ladderTextedUsers: sql`array_remove(${clientCompanies.ladderTextedUsers}, ${userPk}::int)` })
    .where(stretchOf(companyPk, since));

export const markLadderTexted = (db: Db, companyPk: number, since: Date, at: Date) =>
  db.update(clientCompanies).set({ ladderTextedAt: at }).where(stretchOf(companyPk, since));

/** Claims the stretch's call: true for exactly one caller, in the transaction that tells the accountants. */
export const claimLadderCall = async (tx: Db, companyPk: number, since: Date, at: Date) =>
  (
    await tx
      .update(clientCompanies)
      .set({ ladderCallDueAt: at })
      .where(and(stretchOf(companyPk, since), sql`${clientCompanies.ladderCallDueAt} is null`))
      .returning({ pk: clientCompanies.pk })
  ).length > 0;

/** Whether anything waits on the company's clients at all (each person's own view is read when they are texted). */
export const companyHasOpenWork = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select({ open: openWorkExists(companyPk) })
    .from(clientCompanies)
    .where(eq(clientCompanies.pk, companyPk));
  return Boolean(row?.open);
};

/** The names of the company's people the firm marked never to be texted. */
export const neverTextedOf = async (db: Db, companyPk: number) =>
  (
    await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(clientMemberships)
      .innerJoin(users, eq(users.pk, clientMemberships.userId))
      .where(and(eq(clientMemberships.clientCompanyId, companyPk), eq(users.neverText, true), eq(users.isActive, true)))
      .orderBy(users.lastName, users.firstName)
  ).map((u) => `${u.firstName} ${u.lastName}`.trim());
