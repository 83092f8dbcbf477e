import { sql, type SQL } from 'drizzle-orm';

/**
 * What one analytics request counts: the firm, the companies its asker sees (a team member's
 * assignments, or the whole firm), optionally one of them, and a range of instants [from, to).
 */
export interface AnalyticsScope {
  firmId: number;
  /** The team member whose assignments limit the companies; null when the asker sees the whole firm. */
  assignedTo: number | null;
  companyPk: number | null;
  from: Date;
  to: Date;
}

/** The pks of the companies counted, as a subquery; the firm is in its WHERE whatever else narrows it. */
export const countedCompanies = (scope: AnalyticsScope): SQL => sql`(
  select cc.pk from client_companies cc
  where cc.firm_id = ${scope.firmId}
  ${scope.assignedTo === null ? sql`` : sql`and cc.pk in (select a.client_company_id from client_company_assignments a where a.firm_member_id = ${scope.assignedTo})`}
  ${scope.companyPk === null ? sql`` : sql`and cc.pk = ${scope.companyPk}`}
)`;

export const fromParam = (scope: AnalyticsScope): SQL => sql`${scope.from.toISOString()}::timestamptz`;
export const toParam = (scope: AnalyticsScope): SQL => sql`${scope.to.toISOString()}::timestamptz`;

/** What counts as reaching the ledger. */
export const PUBLISHED_SQL = sql`('PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM')`;
const CLIENT_ACCOUNTS = sql`('CLIENT', 'CLIENT_COWORKER')`;

/**
 * Every answer a client user gave within the range, on a counted company, with how long the
 * question had waited: from the transaction's arrival or, if it was sent back (or otherwise put
 * before the client again) since, from the latest such move before the answer. The moves are the
 * audit log's status entries, found per transaction through `audit_log_target_idx`; the answers
 * through `audit_log_firm_idx` (firm, time). An accountant answering in the client's view is not a
 * client's answer.
 */
export const answersCte = (scope: AnalyticsScope): SQL => sql`answers as (
  select t.client_company_id as company, a.actor_user_id as actor, a.created_at as at,
    greatest(0, extract(epoch from a.created_at - greatest(t.created_at, (
      select max(b.created_at) from audit_log b
      where b.firm_id = ${scope.firmId} and b.target_type = 'transaction' and b.target_pk = a.target_pk
        and b.created_at < a.created_at and b.details->>'to' = 'READY'
    ))))::float8 as seconds
  from audit_log a
  join transactions t on t.pk = a.target_pk and t.client_company_id in ${countedCompanies(scope)}
  join users u on u.pk = a.actor_user_id and u.account_type in ${CLIENT_ACCOUNTS}
  where a.firm_id = ${scope.firmId} and a.created_at >= ${fromParam(scope)} and a.created_at < ${toParam(scope)}
    and a.target_type = 'transaction' and a.action = 'transaction.categorize' and a.details->>'to' = 'FINISHED_IN_HERD'
)`;

/** Every publish within the range that reached the ledger, on a counted company, with who asked for it. */
export const publishesCte = (scope: AnalyticsScope): SQL => sql`publishes as (
  select t.client_company_id as company, a.actor_user_id as actor, a.created_at as at
  from audit_log a
  join transactions t on t.pk = a.target_pk and t.client_company_id in ${countedCompanies(scope)}
  where a.firm_id = ${scope.firmId} and a.created_at >= ${fromParam(scope)} and a.created_at < ${toParam(scope)}
    and a.target_type = 'transaction' and a.action = 'transaction.publish' and a.details->>'to' in ${PUBLISHED_SQL}
)`;
