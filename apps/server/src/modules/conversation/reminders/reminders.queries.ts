import { and, asc, count, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  clientCompanies,
  clientCompanyAssignments,
  clientMemberships,
  communications,
  firmMembers,
  firms,
  notes,
  subscriptions,
  receipts,
  transactions,
  userAccountRestrictions,
  users,
} from '../../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';
import { viewerWhere } from '../../files/receipts/receipts.face.js';

/** The firm-local date and weekday of `now`, in SQL, for the firm joined as `firms`. */
const localDate = (now: Date) => sql`((${now.toISOString()}::timestamptz) at time zone ${firms.timeZone})::date`;

/** Whether anything waits on a company's clients (a coarse test: each person's own view is read when they are reminded). */
export const openWorkExists = (companyPk: SQLWrapper | number) =>
  sql<boolean>`(exists (select 1 from ${transactions} x where x.client_company_id = ${companyPk} and x.status = 'READY' and not x.is_hidden)
    or exists (select 1 from ${receipts} r where r.client_company_id = ${companyPk} and r.status = 'READY' and not r.is_hidden)
    or exists (select 1 from ${communications} c where c.client_company_id = ${companyPk} and c.status = 'PROCESSING' and not c.is_hidden))`;

/**
 * The companies whose reminder day it is in their firm's zone and whose run for today is not claimed yet,
 * with something open for their clients (a coarse filter: each person's own view is read by the job), with
 * the firm's subscription (a read-only firm's clients are not reminded).
 * One query for every firm: the sweep reads no company on its own.
 */
export const companiesDueForReminders = (db: Db, now: Date) => {
  const dow = sql`extract(dow from ${localDate(now)})::int`;
  return db
    .select({
      companyPk: clientCompanies.pk,
      date: sql<string>`${localDate(now)}::text`,
      subscription: { status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt },
    })
    .from(clientCompanies)
    .innerJoin(firms, eq(firms.pk, clientCompanies.firmId))
    .leftJoin(subscriptions, eq(subscriptions.firmId, clientCompanies.firmId))
    .where(
      and(
        sql`(${clientCompanies.reminderSchedule}->>'enabled')::boolean`,
        sql`(${clientCompanies.lastReminderDate} is null or ${clientCompanies.lastReminderDate} < ${localDate(now)})`,
        sql`case when jsonb_typeof(${clientCompanies.reminderSchedule}->'weekdays') = 'array'
          then ${clientCompanies.reminderSchedule}->'weekdays' @> to_jsonb(${dow}) else ${firms.reminderWeekday} = ${dow} end`,
        sql`exists (select 1 from ${clientMemberships} m where m.client_company_id = ${clientCompanies.pk})`,
        openWorkExists(clientCompanies.pk),
      ),
    );
};

/**
 * Claims a company's run for one date: true for exactly one caller, whichever worker or retry comes
 * first (the row's lock orders them, the second finds the date taken). A company whose reminders were
 * turned off since the run was queued is not claimed.
 */
export const claimReminderRun = async (db: Db, companyPk: number, date: string) => {
  const [row] = await db
    .update(clientCompanies)
    .set({ lastReminderDate: date })
    .where(
      and(
        eq(clientCompanies.pk, companyPk),
        sql`(${clientCompanies.lastReminderDate} is null or ${clientCompanies.lastReminderDate} < ${date})`,
        sql`(${clientCompanies.reminderSchedule}->>'enabled')::boolean`,
      ),
    )
    .returning();
  return row ?? null;
};

export const findFirmOfCompany = async (db: Db, firmId: number) => {
  const [row] = await db.select().from(firms).where(eq(firms.pk, firmId));
  return row!;
};

const restrictedAccounts = (kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') =>
  sql<number[] | null>`(select array_agg(r.account_id) from ${userAccountRestrictions} r
    where r.user_id = ${users.pk} and r.client_company_id = ${clientMemberships.clientCompanyId} and r.kind = ${kind})`;

/** The company's active client users, with their contacts and account restrictions. */
export const reminderRecipients = async (db: Db, companyPk: number) => {
  const rows = await db
    .select({
      pk: users.pk,
      email: users.email,
      firstName: users.firstName,
      phone: users.phone,
      neverText: users.neverText,
      payment: restrictedAccounts('PAYMENT_ACCOUNT'),
      watched: restrictedAccounts('WATCHED_ACCOUNT'),
    })
    .from(clientMemberships)
    .innerJoin(users, eq(users.pk, clientMemberships.userId))
    .where(and(eq(clientMemberships.clientCompanyId, companyPk), eq(users.isActive, true)))
    .orderBy(asc(users.pk));
  const ids = (value: number[] | null) => (value && value.length > 0 ? value.map(Number) : null);
  return rows.map(({ payment, watched, ...user }) => ({ ...user, restrictions: { paymentAccountIds: ids(payment), watchedAccountIds: ids(watched) } }));
};
export type ReminderRecipient = Awaited<ReturnType<typeof reminderRecipients>>[number];

/** How many requests a reminder lists by name; the rest are counted. */
export const LISTED_REQUESTS = 10;

/**
 * What waits on one person in a company: transactions to answer (within their accounts), receipts to confirm
 * (theirs, or matched within their accounts, for a restricted person) and requests to answer (subjects and due dates).
 */
export const openWorkOf = async (db: Db, firmId: number, companyPk: number, viewer: { userPk: number; restrictions: AccountRestrictions }) => {
  const [txRow] = await db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, companyPk),
        eq(transactions.isHidden, false),
        eq(transactions.status, 'READY'),
        restrictionWhere(viewer.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
      ),
    );
  const [receiptRow] = await db
    .select({ n: count() })
    .from(receipts)
    .where(and(eq(receipts.firmId, firmId), eq(receipts.clientCompanyId, companyPk), eq(receipts.isHidden, false), eq(receipts.status, 'READY'), viewerWhere(viewer)));
  const requestWhere = and(
    eq(communications.firmId, firmId),
    eq(communications.clientCompanyId, companyPk),
    eq(communications.isHidden, false),
    eq(communications.status, 'PROCESSING'),
  );
  const [requestCount] = await db.select({ n: count() }).from(communications).where(requestWhere);
  const requests = await db
    .select({ subject: communications.subject, dueDate: communications.dueDate })
    .from(communications)
    .where(requestWhere)
    .orderBy(sql`${communications.dueDate} asc nulls last`, asc(communications.pk))
    .limit(LISTED_REQUESTS);
  return { transactions: txRow!.n, receipts: receiptRow!.n, requests, requestCount: requestCount!.n };
};
export type OpenWork = Awaited<ReturnType<typeof openWorkOf>>;

/** Each person's open work in one company, read once for all those without account restrictions (they see the same). */
export const openWorkReader = (db: Db, firmId: number, companyPk: number) => {
  let unrestricted: Promise<OpenWork> | null = null;
  return (person: { pk: number; restrictions: AccountRestrictions }): Promise<OpenWork> => {
    const viewer = { userPk: person.pk, restrictions: person.restrictions };
    if (person.restrictions.paymentAccountIds !== null || person.restrictions.watchedAccountIds !== null) return openWorkOf(db, firmId, companyPk, viewer);
    return (unrestricted ??= openWorkOf(db, firmId, companyPk, viewer));
  };
};

/**
 * Whether any client of the company did something since `since`: answered a transaction, a request,
 * sent a receipt or wrote a note there. Signing in alone does not count.
 */
export const clientActedSince = async (db: Db, companyPk: number, since: Date) => {
  const members = sql`(select m.user_id from ${clientMemberships} m where m.client_company_id = ${companyPk})`;
  const at = since.toISOString();
  const [row] = await db
    .select({
      acted: sql<boolean>`(
    exists (select 1 from ${transactions} x where x.client_company_id = ${companyPk} and x.categorized_at > ${at}::timestamptz and x.categorized_by in ${members})
    or exists (select 1 from ${communications} c where c.client_company_id = ${companyPk} and c.answered_at > ${at}::timestamptz and c.answered_by in ${members})
    or exists (select 1 from ${receipts} r where r.client_company_id = ${companyPk} and r.created_at > ${at}::timestamptz and r.uploaded_by in ${members})
    or exists (select 1 from ${notes} n where n.client_company_id = ${companyPk} and n.created_at > ${at}::timestamptz and n.author_id in ${members})
  )`,
    })
    .from(clientCompanies)
    .where(eq(clientCompanies.pk, companyPk));
  return Boolean(row?.acted);
};

/**
 * Marks the company's client as escalated: true for the one caller that set the mark, so the accountants are
 * told once per escalation whatever runs overlap.
 */
export const markEscalated = async (db: Db, companyPk: number, at: Date) =>
  (
    await db
      .update(clientCompanies)
      .set({ reminderEscalatedAt: at })
      .where(and(eq(clientCompanies.pk, companyPk), sql`${clientCompanies.reminderEscalatedAt} is null`))
      .returning({ pk: clientCompanies.pk })
  ).length > 0;

/** Writes where the company's reminders stand after a run (a new escalation's mark is set by `markEscalated`). */
export const recordReminderRun = (
  db: Db,
  companyPk: number,
  values: Pick<Partial<typeof clientCompanies.$inferInsert>, 'lastRemindedAt' | 'unansweredSince' | 'ladderTextedUsers' | 'ladderTextedAt' | 'ladderCallDueAt'> & {
    unansweredReminders: number;
    reminderEscalatedAt: Date | null;
  },
) => db.update(clientCompanies).set(values).where(eq(clientCompanies.pk, companyPk));

/** The firm's people assigned to the company, or its admins when nobody is: who hears that a client went quiet. */
export const accountantsOfCompany = async (db: Db, firmId: number, companyPk: number) => {
  const person = { pk: users.pk, email: users.email, firstName: users.firstName };
  const assigned = await db
    .select(person)
    .from(clientCompanyAssignments)
    .innerJoin(firmMembers, eq(firmMembers.pk, clientCompanyAssignments.firmMemberId))
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(clientCompanyAssignments.clientCompanyId, companyPk), eq(firmMembers.firmId, firmId), eq(users.isActive, true)));
  if (assigned.length > 0) return assigned;
  return db
    .select(person)
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), inArray(firmMembers.role, ['FIRM_ADMIN']), eq(users.isActive, true)));
};
