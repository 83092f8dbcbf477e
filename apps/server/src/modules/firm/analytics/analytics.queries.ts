import { sql } from 'drizzle-orm';
import { TRANSACTION_STATUSES } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-rows.js';
import { answersCte, countedCompanies, fromParam, PUBLISHED_SQL, publishesCte, toParam, type AnalyticsScope } from './analytics-scope.queries.js';

export interface CompanyStateRow {
  pk: number;
  name: string;
  waiting: number;
  review: number;
  published: number;
  sync_errors: number;
  /** Epoch seconds of the oldest open transaction's arrival. */
  oldest_open: number | null;
}

/**
 * Each counted company's transactions as they stand: the counts come from `transaction_counts`
 * (kept by a trigger, a dozen rows a company), the oldest open one from one descent of
 * `transactions_created_idx` per open status.
 */
export const findCompanyStates = (db: Db, scope: AnalyticsScope) => {
  const oldest = (status: string) =>
    sql`(select min(t.created_at) from transactions t where t.client_company_id = c.pk and t.is_hidden = false and t.status = ${status})`;
  return rowsOf<CompanyStateRow>(
    db,
    sql`select c.pk, c.name,
      coalesce(sum(tc.n) filter (where tc.status = 'READY'), 0)::int as waiting,
      coalesce(sum(tc.n) filter (where tc.status = 'FINISHED_IN_HERD'), 0)::int as review,
      coalesce(sum(tc.n) filter (where tc.status in ${PUBLISHED_SQL}), 0)::int as published,
      coalesce(sum(tc.n) filter (where tc.status = 'SYNC_ERROR'), 0)::int as sync_errors,
      extract(epoch from least(${oldest('READY')}, ${oldest('FINISHED_IN_HERD')}, ${oldest('SYNC_ERROR')}))::float8 as oldest_open
    from client_companies c
    left join transaction_counts tc on tc.client_company_id = c.pk and tc.is_hidden = false
    where c.firm_id = ${scope.firmId} and c.pk in ${countedCompanies(scope)}
    group by c.pk, c.name
    order by c.name, c.pk`,
  );
};

export interface CompanyActivityRow {
  /** Null on the row of every counted company together. */
  company: number | null;
  answered: number;
  published: number;
  median_seconds: number | null;
}

/**
 * Per counted company with any, and for all of them together (company null: the median of every
 * answer is not a median of the companies' medians): answers and publishes within the range, and
 * the median time to answer. One pass over the answers, grouped both ways; the firm-wide row is
 * keyed 0 inside the query (no company has pk 0), since a full join cannot match on nulls.
 */
export const findCompanyActivity = (db: Db, scope: AnalyticsScope) =>
  rowsOf<CompanyActivityRow>(
    db,
    sql`with ${answersCte(scope)}, ${publishesCte(scope)},
      answered as (
        select coalesce(company, 0) as company, count(*)::int as n, percentile_cont(0.5) within group (order by seconds)::float8 as median
        from answers group by grouping sets ((company), ())
      ),
      published as (select coalesce(company, 0) as company, count(*)::int as n from publishes group by grouping sets ((company), ()))
    select nullif(coalesce(a.company, p.company), 0) as company, coalesce(a.n, 0) as answered, coalesce(p.n, 0) as published, a.median as median_seconds
    from answered a full join published p on p.company = a.company`,
  );

export interface MonthRow {
  month: string;
  received: number;
  answered: number;
  published: number;
}

/**
 * Per month (UTC) of the range with anything: transactions received (arrived in Herd, hidden ones
 * too), answers and publishes. Received rows are read through `transactions_created_idx`: naming
 * every hidden flag and status lets the planner descend it once per pair instead of reading each
 * company's rows.
 */
export const findMonths = (db: Db, scope: AnalyticsScope) => {
  const month = (column: string) => sql.raw(`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`);
  const statuses = sql.join(
    TRANSACTION_STATUSES.map((s) => sql`${s}::transaction_status`),
    sql`, `,
  );
  return rowsOf<MonthRow>(
    db,
    sql`with ${answersCte(scope)}, ${publishesCte(scope)},
      received as (
        select ${month('t.created_at')} as month, count(*)::int as n from transactions t
        where t.client_company_id in ${countedCompanies(scope)} and t.is_hidden in (false, true)
          and t.status in (${statuses}) and t.created_at >= ${fromParam(scope)} and t.created_at < ${toParam(scope)}
        group by 1
      ),
      answered as (select ${month('at')} as month, count(*)::int as n from answers group by 1),
      published as (select ${month('at')} as month, count(*)::int as n from publishes group by 1)
    select m.month, coalesce(r.n, 0) as received, coalesce(a.n, 0) as answered, coalesce(p.n, 0) as published
    from (select month from received union select month from answered union select month from published) m
    left join received r on r.month = m.month left join answered a on a.month = m.month left join published p on p.month = m.month`,
  );
};
