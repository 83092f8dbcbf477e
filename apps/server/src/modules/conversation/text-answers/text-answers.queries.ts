import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-rows.js';
import { clientMemberships, pushDevices, pushStates, textAnswerWords, textQuestionSheets, transactionLines, transactions, users } from '../../../db/schema/index.js';

/** How long a sheet of questions can be answered by a reply: after that a reply asks for the link instead. */
export const SHEET_ANSWERABLE_MS = 14 * 24 * 60 * 60_000;

export type QuestionSheet = typeof textQuestionSheets.$inferSelect;
export type NewQuestionSheet = Pick<typeof textQuestionSheets.$inferInsert, 'firmId' | 'clientCompanyId' | 'userId' | 'channel' | 'phone' | 'questions'>;

export const saveSheet = async (db: Db, sheet: NewQuestionSheet) => {
  await db.insert(textQuestionSheets).values(sheet);
};

/**
 * The latest questions that a reply answers, while they can still be answered: for a text, the
 * latest texted to this person at this number (whichever company); for an email, the latest emailed
 * to them for this company (the reply address names it).
 */
export const latestSheet = async (db: Db, userId: number, where: { channel: 'SMS'; phone: string } | { channel: 'EMAIL'; companyPk: number }, now: Date) => {
  const [sheet] = await db
    .select()
    .from(textQuestionSheets)
    .where(
      and(
        eq(textQuestionSheets.userId, userId),
        eq(textQuestionSheets.channel, where.channel),
        where.channel === 'SMS' ? eq(textQuestionSheets.phone, where.phone) : eq(textQuestionSheets.clientCompanyId, where.companyPk),
        gt(textQuestionSheets.sentAt, new Date(now.getTime() - SHEET_ANSWERABLE_MS)),
      ),
    )
    .orderBy(desc(textQuestionSheets.sentAt), desc(textQuestionSheets.pk))
    .limit(1);
  return sheet ?? null;
};

/** Whether the person agreed to get questions by text, and whether they texted STOP since. */
export const textConsentOf = async (db: Db, userId: number) => {
  const [row] = await db.select({ agreedAt: users.textsAgreedAt, stoppedAt: users.textsStoppedAt }).from(users).where(eq(users.pk, userId));
  return { agreed: row?.agreedAt != null, stopped: row?.stoppedAt != null };
};

/** STOP and START: a stop is kept with its time; START clears it. */
export const setTextsStopped = async (db: Db, userId: number, stopped: boolean) => {
  await db
    .update(users)
    .set({ textsStoppedAt: stopped ? new Date() : null })
    .where(eq(users.pk, userId));
};

/** The person's quiet hours and the zone to read them in: their phone's, else the firm's. */
export const quietHoursOf = async (db: Db, userId: number) => {
  const [state] = await db.select({ start: pushStates.quietStart, end: pushStates.quietEnd }).from(pushStates).where(eq(pushStates.userId, userId));
  if (!state?.start || !state.end) return null;
  const [device] = await db
    .select({ timeZone: pushDevices.timeZone })
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .orderBy(desc(pushDevices.createdAt))
    .limit(1);
  return { quiet: { start: state.start, end: state.end }, timeZone: device?.timeZone ?? null };
};

/** How far back "used most" looks: a company's latest transactions by date. */
const RECENT_TRANSACTIONS = 1_000;

/**
 * The categories a company's recent answers use most, most first: the likely ones after a
 * transaction's own suggestion. Read from the lines of its latest transactions only (through the
 * date index), so a company of millions of lines costs what a small one does.
 */
export const mostUsedCategories = async (db: Db, companyPk: number, limit: number) =>
  (
    await rowsOf<{ pk: number }>(
      db,
      sql`select l.category_id as pk
        from ${transactionLines} l
        join (select t.pk from ${transactions} t where t.client_company_id = ${companyPk} and not t.is_hidden
              order by t.date desc limit ${RECENT_TRANSACTIONS}) recent on recent.pk = l.transaction_id
        where l.category_id is not null
        group by l.category_id
        order by count(*) desc, l.category_id
        limit ${limit}`,
    )
  ).map((row) => row.pk);

/** How many of a company's transactions its clients answered since `since`: what the reminder email counts as already answered. */
export const answeredByClientsSince = async (db: Db, companyPk: number, since: Date) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        gt(transactions.categorizedAt, since),
        sql`${transactions.categorizedBy} in (select m.user_id from ${clientMemberships} m where m.client_company_id = ${companyPk})`,
      ),
    );
  return row?.n ?? 0;
};

/** The company's own words for categories, as `matchCategory` takes them. */
export const pastWordsOf = async (db: Db, companyPk: number) =>
  new Map(
    (
      await db
        .select({ phrase: textAnswerWords.phrase, categoryId: textAnswerWords.categoryId })
        .from(textAnswerWords)
        .where(eq(textAnswerWords.clientCompanyId, companyPk))
    ).map((row) => [row.phrase, row.categoryId] as const),
  );

/** Learns words for a category; the latest choice wins. */
export const learnWords = async (db: Db, companyPk: number, phrase: string, categoryId: number) => {
  if (phrase === '') return;
  await db
    .insert(textAnswerWords)
    .values({ clientCompanyId: companyPk, phrase, categoryId })
    .onConflictDoUpdate({ target: [textAnswerWords.clientCompanyId, textAnswerWords.phrase], set: { categoryId, learntAt: new Date() } });
};
