import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pendingInvitations } from '../../../db/schema/index.js';

/*
 * Every query names the firm, except findPendingInvitation: the invitation job
 * reads the row it was queued for by that row's own pk.
 */

type PendingRow = typeof pendingInvitations.$inferSelect;

/**
 * Pks for a new invitation, drawn from the sequences of the rows it may become:
 * the person's user pk, and for a coworker their firm member pk. A pending row
 * and a real person therefore never share a pk, and the user created later keeps it.
 */
export const reservePersonPks = async (db: Db, coworker: boolean) => {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('users', 'pk'))::int as user_pk, ${
      coworker ? sql`nextval(pg_get_serial_sequence('firm_members', 'pk'))::int` : sql`null::int`
    } as member_pk`,
  )) as { rows: { user_pk: number; member_pk: number | null }[] };
  const row = result.rows[0]!;
  return { userPk: Number(row.user_pk), memberPk: row.member_pk === null ? null : Number(row.member_pk) };
};

export const insertPendingInvitation = async (db: Db, values: typeof pendingInvitations.$inferInsert) => {
  const [row] = await db.insert(pendingInvitations).values(values).returning();
  return row!;
};

export const findPendingInvitation = async (db: Db, pk: number): Promise<PendingRow | null> => {
  const [row] = await db.select().from(pendingInvitations).where(eq(pendingInvitations.pk, pk));
  return row ?? null;
};

/** The firm's own pending invitations of this email (its duplicates are the firm's to know). */
export const findPendingOfEmail = (db: Db, firmId: number, email: string) =>
  db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), sql`lower(${pendingInvitations.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(pendingInvitations.pk));

export const findPendingCoworker = async (db: Db, firmId: number, memberPk: number): Promise<PendingRow | null> => {
  const [row] = await db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), eq(pendingInvitations.memberPk, memberPk)));
  return row ?? null;
};

export const listPendingCoworkers = (db: Db, firmId: number) =>
  db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), isNotNull(pendingInvitations.memberPk)));

export const countPendingCoworkers = async (db: Db, firmId: number, role?: 'FIRM_ADMIN') => {
  const [row] = await db
    .select({ n: count() })
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), isNotNull(pendingInvitations.memberPk), role ? eq(pendingInvitations.role, role) : undefined));
  return row?.n ?? 0;
};

/** Every pending invitation of one person of the firm: a coworker's one row, or a client's one per company. */
export const findPendingOfPerson = (db: Db, firmId: number, userPk: number) =>
  db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), eq(pendingInvitations.userPk, userPk)))
    .orderBy(asc(pendingInvitations.pk));

/** The pending client invitations (one per company) of one person of the firm. */
export const findPendingClientRows = (db: Db, firmId: number, userPk: number) =>
  db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), eq(pendingInvitations.userPk, userPk), isNull(pendingInvitations.memberPk)))
    .orderBy(asc(pendingInvitations.pk));

/** The pending client invitations of one company of the firm. */
export const findPendingOfCompany = (db: Db, firmId: number, companyPk: number) =>
  db
    .select()
    .from(pendingInvitations)
    .where(and(eq(pendingInvitations.firmId, firmId), eq(pendingInvitations.clientCompanyId, companyPk)))
    .orderBy(asc(pendingInvitations.firstName), asc(pendingInvitations.lastName));

/**
 * Name, phone, email or role of one person's pending rows (all their companies). Fields given as undefined
 * are left alone; with none left there is nothing to write (an empty PATCH), and no UPDATE is sent, since an
 * UPDATE with no column is not a statement.
 */
export const updatePendingPerson = async (
  db: Db,
  firmId: number,
  userPk: number,
  values: Partial<Pick<PendingRow, 'firstName' | 'lastName' | 'phone' | 'email' | 'role' | 'mfaEnabled'>>,
) => {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as typeof values;
  if (Object.keys(given).length === 0) return;
  await db
    .update(pendingInvitations)
    .set(given)
    .where(and(eq(pendingInvitations.firmId, firmId), eq(pendingInvitations.userPk, userPk)));
};

export const markPendingResent = (db: Db, firmId: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve()
    : db
        .update(pendingInvitations)
        .set({ resentAt: sql`now()` })
        .where(and(eq(pendingInvitations.firmId, firmId), inArray(pendingInvitations.pk, pks)));

export const deletePendingInvitations = (db: Db, firmId: number, pks: number[]) =>
  pks.length === 0 ? Promise.resolve() : db.delete(pendingInvitations).where(and(eq(pendingInvitations.firmId, firmId), inArray(pendingInvitations.pk, pks)));
