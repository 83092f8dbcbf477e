import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-rows.js';
import { answersCte, countedCompanies, fromParam, PUBLISHED_SQL, toParam, type AnalyticsScope } from './analytics-scope.queries.js';

interface PersonColumns {
  pk: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface AccountantRow extends PersonColumns {
  reviewed: number;
  published: number;
  sent_back: number;
}

/**
 * Every member of the firm, with what they did within the range on the counted companies: a
 * review is a decision on an answer (publishing it, sending it back, or marking it done
 * themselves, not in the client's view), counted once per transaction.
 */
export const findAccountantActivity = (db: Db, scope: AnalyticsScope) =>
  rowsOf<AccountantRow>(
    db,
    sql`with acts as (
      select a.actor_user_id as actor, a.target_pk, a.action,
        (a.action = 'transaction.publish' and a.details->>'to' in ${PUBLISHED_SQL}) as publish,
        (a.action = 'transaction.back') as back,
        (a.action = 'transaction.categorize' and coalesce(a.details->>'viewing_as_client', 'false') <> 'true') as marked_done
      from audit_log a
      join transactions t on t.pk = a.target_pk and t.client_company_id in ${countedCompanies(scope)}
      where a.firm_id = ${scope.firmId} and a.created_at >= ${fromParam(scope)} and a.created_at < ${toParam(scope)}
        and a.target_type = 'transaction' and a.action in ('transaction.publish', 'transaction.back', 'transaction.categorize')
    )
    select u.pk, u.first_name, u.last_name, u.email,
      count(distinct acts.target_pk) filter (where acts.publish or acts.back or acts.marked_done)::int as reviewed,
      count(*) filter (where acts.publish)::int as published,
      count(*) filter (where acts.back)::int as sent_back
    from firm_members fm
    join users u on u.pk = fm.user_id
    left join acts on acts.actor = u.pk
    where fm.firm_id = ${scope.firmId}
    group by u.pk, u.first_name, u.last_name, u.email
    order by reviewed desc, u.first_name, u.last_name, u.pk`,
  );

export interface ClientUserRow extends PersonColumns {
  companies: { pk: number; name: string }[];
}

/** The client users of the counted companies, each with those of their companies. */
export const findClientUsers = (db: Db, scope: AnalyticsScope) =>
  rowsOf<ClientUserRow>(
    db,
    sql`select u.pk, u.first_name, u.last_name, u.email,
      json_agg(json_build_object('pk', c.pk, 'name', c.name) order by c.name, c.pk) as companies
    from client_memberships m
    join client_companies c on c.pk = m.client_company_id
    join users u on u.pk = m.user_id
    where c.firm_id = ${scope.firmId} and c.pk in ${countedCompanies(scope)}
    group by u.pk, u.first_name, u.last_name, u.email`,
  );

export interface AnswererRow {
  actor: number;
  answers: number;
  median_seconds: number | null;
}

/** Per client user: answers within the range on the counted companies, and the median time they took. */
export const findAnswerers = (db: Db, scope: AnalyticsScope) =>
  rowsOf<AnswererRow>(
    db,
    sql`with ${answersCte(scope)}
    select actor, count(*)::int as answers, percentile_cont(0.5) within group (order by seconds)::float8 as median_seconds
    from answers group by actor`,
  );
