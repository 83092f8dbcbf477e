import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { requestArrivalNotices } from '../../../db/schema/index.js';
import type { Db } from '../../../db/client.js';
import { arrayLiteral } from '../../../db/prepared.js';
import type { JobQueue } from '../../../jobs/job-queue.js';

/** What a client is told of a request: that it arrived, that it is due today, or that it became overdue. */
export type ClientNoticeKind = 'ARRIVED' | 'DUE' | 'OVERDUE';

/**
 * Telling the client a request arrived (docs/requests.md, "Telling the client"), the request's side: in
 * the transaction that writes the firm's requests, one row per active client user of each one's company
 * (every client user of a company sees its requests; account restrictions limit transactions and
 * receipts, not these). After the commit, one `request-arrival` job per company sends them. The due-date
 * sweep holds DUE and OVERDUE notices in the same table (`holdClientDueNotices`).
 */
export const holdArrivalNotices = async (tx: Db, firmId: number, communicationPks: number[]) => {
  if (communicationPks.length === 0) return;
  await tx.execute(sql`insert into request_arrival_notices (communication_id, user_id, firm_id, client_company_id, kind)
    select c.pk, m.user_id, c.firm_id, c.client_company_id, 'ARRIVED'
    from communications c
    join client_memberships m on m.client_company_id = c.client_company_id
    join users u on u.pk = m.user_id and u.is_active
    where c.firm_id = ${firmId} and c.sender = 'ACCOUNTANT' and c.pk = any(${arrayLiteral(communicationPks)}::integer[])
    on conflict do nothing`);
};

/**
 * Queues the sending for these companies: one job per company at a time (keyed by it), so requests
 * written together, or while one runs, go out in one message per person.
 */
export const queueArrivalNotices = async (jobs: Pick<JobQueue, 'sendMany'>, companyPks: number[]) => {
  const companies = [...new Set(companyPks)];
  if (companies.length > 0)
    await jobs.sendMany(
      'request-arrival',
      companies.map((companyPk) => ({ data: { companyPk }, key: `arrival:${companyPk}` })),
    );
};

/** How long Herd keeps trying a notice that could not be sent: the due sweep queues it again every quarter hour meanwhile. */
export const NOTICE_RETRY_DAYS = 3;

/**
 * The companies with notices that failed and are still within NOTICE_RETRY_DAYS of being written: the
 * job's own retries last minutes, so a mail server down for longer is waited out by the sweep.
 */
export const companiesWithFailedNotices = async (db: Db, now: Date): Promise<number[]> => {
  const result = (await db.execute(sql`select distinct client_company_id from request_arrival_notices
    where settled_at is null and error <> '' and created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${NOTICE_RETRY_DAYS})`)) as {
    rows: { client_company_id: number }[];
  };
  return result.rows.map((r) => r.client_company_id);
};

/**
 * The requests that became due today or overdue for a client user between `since` and `through` (the
 * due sweep's DUE and OVERDUE notices, written whether or not an email went): how many of each, and
 * the company when they are all of one.
 */
export const dueNoticesOf = async (db: Db, userId: number, since: Date, through: Date) => {
  const rows = await db
    .select({ kind: requestArrivalNotices.kind, companyPk: requestArrivalNotices.clientCompanyId, n: count() })
    .from(requestArrivalNotices)
    .where(
      and(
        eq(requestArrivalNotices.userId, userId),
        inArray(requestArrivalNotices.kind, ['DUE', 'OVERDUE']),
        gt(requestArrivalNotices.createdAt, since),
        lte(requestArrivalNotices.createdAt, through),
      ),
    )
    .groupBy(requestArrivalNotices.kind, requestArrivalNotices.clientCompanyId);
  const of = (kind: 'DUE' | 'OVERDUE') => rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.n, 0);
  const companies = new Set(rows.map((r) => r.companyPk));
  return { due: of('DUE'), overdue: of('OVERDUE'), companyPk: companies.size === 1 ? [...companies][0]! : null };
};
