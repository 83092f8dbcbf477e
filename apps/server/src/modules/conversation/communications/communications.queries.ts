import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { COMMUNICATION_LIST_STATUSES, COMMUNICATION_STATUSES, type CommunicationListQuery, type CommunicationStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { arrayLiteral, preparedPerDb } from '../../../db/prepared.js';
import { communicationFiles, communicationItems, communications, files } from '../../../db/schema/index.js';

// Every read or write of a communication names its firm and client company: another tenant's row is never found.

/** Where a communication lives: the firm, and the client company within it. */
export interface CommunicationHome {
  firmId: number;
  companyPk: number;
}

export const inCommunicationHome = (home: CommunicationHome) => and(eq(communications.firmId, home.firmId), eq(communications.clientCompanyId, home.companyPk));

/**
 * A new communication, or null when a schedule's job already wrote this
 * occurrence (the unique schedule-and-day index refused a second one).
 */
export const insertCommunication = async (db: Db, values: typeof communications.$inferInsert) => {
  const [row] = await db.insert(communications).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const findOccurrence = async (db: Db, home: CommunicationHome, schedulePk: number, occurrenceDate: string) => {
  const [row] = await db
    .select()
    .from(communications)
    .where(and(inCommunicationHome(home), eq(communications.recurringScheduleId, schedulePk), eq(communications.occurrenceDate, occurrenceDate)));
  return row ?? null;
};

/** Many schedule dates' communications in one insert; a date already written is skipped by the unique (schedule, date) index. */
export const insertOccurrenceCommunications = async (db: Db, rows: (typeof communications.$inferInsert)[]) =>
  rows.length === 0
    ? []
    : (
        await db
          .insert(communications)
          .values(rows)
          .onConflictDoNothing()
          .returning({ pk: communications.pk, schedulePk: communications.recurringScheduleId, date: communications.occurrenceDate })
      ).map((r) => ({ pk: r.pk, schedulePk: r.schedulePk!, date: r.date! }));

/** The firm's communications written for these schedules on these dates (either may match alone: the caller pairs them). */
export const findOccurrenceCommunications = async (db: Db, firmId: number, schedulePks: number[], dates: string[]) =>
  (
    await db
      .select({ pk: communications.pk, schedulePk: communications.recurringScheduleId, date: communications.occurrenceDate })
      .from(communications)
      .where(
        and(
          eq(communications.firmId, firmId),
          sql`${communications.recurringScheduleId} = any(${sql.param(schedulePks)}::int[])`,
          sql`${communications.occurrenceDate} = any(${sql.param(dates)}::date[])`,
        ),
      )
  ).map((r) => ({ pk: r.pk, schedulePk: r.schedulePk!, date: r.date! }));

export const insertItems = (db: Db, rows: (typeof communicationItems.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve([]) : db.insert(communicationItems).values(rows).returning();

export const insertCommunicationFiles = (db: Db, rows: (typeof communicationFiles.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve([]) : db.insert(communicationFiles).values(rows).returning();

/**
 * Of these files, those a communication of the company may hold: the firm's
 * own files and the company's (`companyOnly`: the company's alone), and with
 * `uploadedBy` only that person's uploads.
 */
export const usableFiles = async (db: Db, home: CommunicationHome, filePks: number[], limit: { companyOnly: boolean; uploadedBy: number | null }) => {
  if (filePks.length === 0) return [];
  return db
    .select({ pk: files.pk, name: files.name, contentType: files.contentType })
    .from(files)
    .where(
      and(
        eq(files.firmId, home.firmId),
        inArray(files.pk, filePks),
        limit.companyOnly ? eq(files.clientCompanyId, home.companyPk) : or(isNull(files.clientCompanyId), eq(files.clientCompanyId, home.companyPk)),
        limit.uploadedBy === null ? undefined : eq(files.createdBy, limit.uploadedBy),
      ),
    );
};

export type CommunicationRow = typeof communications.$inferSelect;
/** The accountant's three lists, and the client's completed list split by what the client's side hid. */
export type CommunicationListKind = 'active' | 'completed' | 'hidden' | 'client-completed' | 'client-hidden';
/**
 * Which rows a list holds: statuses (null: every one), the firm's hidden flag, and the client's own
 * hide (null: either; true: only those the client's side hid; false: only the others).
 */
export interface CommunicationList {
  statuses: readonly CommunicationStatus[] | null;
  hidden: boolean;
  clientHidden: boolean | null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Open (waiting on someone) and past its due date, by the database's day. */
export const overdueSql = sql<boolean>`(${communications.dueDate} < current_date and ${communications.status} in ('PROCESSING', 'READY'))`;

const listWhere = (home: CommunicationHome, { statuses, hidden, clientHidden }: CommunicationList, q: Partial<CommunicationListQuery>) =>
  and(
    inCommunicationHome(home),
    eq(communications.isHidden, hidden),
    clientHidden === null ? undefined : clientHidden ? isNotNull(communications.clientHiddenAt) : isNull(communications.clientHiddenAt),
    statuses ? inArray(communications.status, [...statuses]) : undefined,
    q.kind ? eq(communications.kind, q.kind) : undefined,
    q.sender ? eq(communications.sender, q.sender) : undefined,
    q.search ? or(ilike(communications.subject, `%${escapeLike(q.search)}%`), ilike(communications.text, `%${escapeLike(q.search)}%`)) : undefined,
  );

const ORDER: Record<CommunicationListQuery['ordering'], SQL[]> = {
  '-created_at': [desc(communications.createdAt), desc(communications.pk)],
  created_at: [asc(communications.createdAt), asc(communications.pk)],
  due_date: [sql`${communications.dueDate} asc nulls last`, asc(communications.pk)],
  '-due_date': [sql`${communications.dueDate} desc nulls last`, desc(communications.pk)],
};

/** A list's filters as bound values: each left null matches everything (the hidden list takes every status). */
const pageValues = (home: CommunicationHome, list: CommunicationList, q: CommunicationListQuery) => ({
  firmId: home.firmId,
  companyPk: home.companyPk,
  hidden: list.hidden,
  clientHidden: list.clientHidden,
  statuses: arrayLiteral(list.statuses ?? COMMUNICATION_STATUSES),
  kind: q.kind ?? null,
  sender: q.sender ?? null,
  pattern: q.search ? `%${escapeLike(q.search)}%` : null,
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

const preparePage = (db: Db, ordering: CommunicationListQuery['ordering']) =>
  db
    .select({ pk: communications.pk, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(communications)
    .where(
      and(
        eq(communications.firmId, sql.placeholder('firmId')),
        eq(communications.clientCompanyId, sql.placeholder('companyPk')),
        eq(communications.isHidden, sql.placeholder('hidden')),
        sql`(${placeholder('clientHidden', 'boolean')} is null or (${communications.clientHiddenAt} is not null) = ${placeholder('clientHidden', 'boolean')})`,
        sql`${communications.status} = any(${placeholder('statuses', 'transaction_status[]')})`,
        sql`(${placeholder('kind', 'communication_kind')} is null or ${communications.kind} = ${placeholder('kind', 'communication_kind')})`,
        sql`(${placeholder('sender', 'sender_kind')} is null or ${communications.sender} = ${placeholder('sender', 'sender_kind')})`,
        sql`(${placeholder('pattern', 'text')} is null or ${communications.subject} ilike ${placeholder('pattern', 'text')} or ${communications.text} ilike ${placeholder('pattern', 'text')})`,
      ),
    )
    .orderBy(...ORDER[ordering])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`herd_communication_page_${ordering.replace('-', 'newest_')}`);

/** One statement per ordering, its filters bound: the company's list index finds the rows whatever the values, so one plan serves them all. */
const pageStatements = Object.fromEntries(
  (Object.keys(ORDER) as CommunicationListQuery['ordering'][]).map((ordering) => [ordering, preparedPerDb((db) => preparePage(db, ordering))]),
) as Record<CommunicationListQuery['ordering'], (db: Db) => ReturnType<typeof preparePage>>;

/**
 * The keys of one page of a company's communications of one list, and how
 * many the list holds, in one prepared statement (the count rides on each
 * row); only a page past the end, which has no row to carry it, asks for
 * the count alone. The rows themselves are read with their details by pk.
 */
export const pageOfCommunications = async (db: Db, home: CommunicationHome, list: CommunicationList, q: CommunicationListQuery) => {
  const page = await pageStatements[q.ordering](db).execute(pageValues(home, list, q));
  if (page.length > 0) return { count: page[0]!.total, pks: page.map((p) => p.pk) };
  if (q.page === 1) return { count: 0, pks: [] };
  const [total] = await db
    .select({ n: count() })
    .from(communications)
    .where(listWhere(home, list, q));
  return { count: total?.n ?? 0, pks: [] };
};

/** The company's communications with these pks (any other pk is simply not found). */
export const findCommunications = (db: Db, home: CommunicationHome, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(communications)
        .where(and(inCommunicationHome(home), inArray(communications.pk, pks)));

/** A communication of the firm by its own pk, to learn its company before the company's visibility rule is applied. */
export const findCommunicationOfFirm = async (db: Db, firmId: number, pk: number) => {
  const [row] = await db
    .select()
    .from(communications)
    .where(and(eq(communications.firmId, firmId), eq(communications.pk, pk)));
  return row ?? null;
};

export const updateCommunications = (db: Db, home: CommunicationHome, pks: number[], values: Partial<typeof communications.$inferInsert>) =>
  db
    .update(communications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inCommunicationHome(home), inArray(communications.pk, pks)));

export const deleteCommunication = (db: Db, home: CommunicationHome, pk: number) =>
  db.delete(communications).where(and(inCommunicationHome(home), eq(communications.pk, pk)));

/** Each list's size and, of the open ones, whom they wait on; `client_hidden`: the completed ones the client's side hid. */
export const countCommunications = async (db: Db, home: CommunicationHome) => {
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const active = inArray(communications.status, [...COMMUNICATION_LIST_STATUSES.active]);
  const shown = eq(communications.isHidden, false);
  const completed = and(shown, inArray(communications.status, [...COMMUNICATION_LIST_STATUSES.completed]))!;
  const [row] = await db
    .select({
      active: n(and(shown, active)!),
      completed: n(completed),
      client_hidden: n(and(completed, isNotNull(communications.clientHiddenAt))!),
      hidden: n(eq(communications.isHidden, true)),
      waiting_on_client: n(and(shown, eq(communications.status, 'PROCESSING'))!),
      waiting_on_accountant: n(and(shown, eq(communications.status, 'READY'))!),
      overdue: n(and(shown, overdueSql)!),
      sync_errors: n(and(shown, eq(communications.status, 'SYNC_ERROR'))!),
    })
    .from(communications)
    .where(inCommunicationHome(home));
  return row!;
};

/** Whether the client has given anything on it: an acknowledgement, an item's answer, a file, a W-9. */
export const hasAnswers = async (db: Db, row: CommunicationRow) => {
  if (row.answeredAt !== null || row.acknowledgedAt !== null) return true;
  const [answered] = await db
    .select({ pk: communicationItems.pk })
    .from(communicationItems)
    .where(and(eq(communicationItems.communicationId, row.pk), isNotNull(communicationItems.answeredAt)))
    .limit(1);
  if (answered) return true;
  const [file] = await db
    .select({ pk: communicationFiles.pk })
    .from(communicationFiles)
    .where(and(eq(communicationFiles.communicationId, row.pk), ne(communicationFiles.role, 'ATTACHMENT')))
    .limit(1);
  return file !== undefined;
};

/** The company's communications waiting on the client (not hidden). */
export const countWaitingOnClient = async (db: Db, home: CommunicationHome) => {
  const [row] = await db
    .select({ n: count() })
    .from(communications)
    .where(and(inCommunicationHome(home), eq(communications.isHidden, false), eq(communications.status, 'PROCESSING')));
  return row?.n ?? 0;
};
