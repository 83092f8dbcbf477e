import type { AnalyticsSummary, CompanyAnalytics, CompanyAnalyticsList, FeatureFlag, MonthAnalyticsList, UserAnalytics } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor, seesAllClients } from '../../../kernel/permissions.js';
import { assertFeature } from '../../platform/feature-flags/feature-flags.face.js';
import { findAccountantActivity, findAnswerers, findClientUsers } from './analytics-people.queries.js';
import { daysSince, monthsOf, resolveRange, type DayRange } from './analytics-range.rule.js';
import type { AnalyticsScope } from './analytics-scope.queries.js';
import { findCompanyActivity, findCompanyStates, findMonths } from './analytics.queries.js';
import type { AppDeps } from '../../../app-deps.js';

export interface AnalyticsFilters {
  date_from?: string | undefined;
  date_to?: string | undefined;
  client_company?: number | undefined;
}

/** What every analytics request needs before it counts anything. */
/** What the analytics endpoints reach of the app's dependencies. */
export type AnalyticsDeps = Pick<AppDeps, 'db' | 'config'>;

/** One request's view: its database, the deployment's default flags and one clock reading for every range it computes. */
interface AnalyticsContext {
  db: Db;
  flagDefaults: readonly FeatureFlag[];
  now: Date;
}

const contextOf = (deps: AnalyticsDeps): AnalyticsContext => ({ db: deps.db, flagDefaults: deps.config.featureFlagDefaults, now: new Date() });

/**
 * Analytics exist only for a firm with FEATURE_TRANSACTION_ANALYTICS (404 otherwise, for anyone)
 * and only for its staff: they compare clients with one another, so a client user gets 403 like
 * on any accountant-side endpoint. A team member counts only the companies assigned to them; a
 * company filter outside what the asker sees is 404.
 */
const scopeFor = async (ctx: AnalyticsContext, actor: Actor, filters: AnalyticsFilters): Promise<{ scope: AnalyticsScope; range: DayRange }> => {
  await assertFeature(ctx.db, ctx.flagDefaults, actor, 'FEATURE_TRANSACTION_ANALYTICS');
  const staff = requireFirmActor(actor);
  const range = resolveRange(filters, ctx.now);
  if (filters.client_company !== undefined) await companyAccess(ctx.db, staff, filters.client_company, 'accountant');
  const scope = {
    firmId: staff.firmId,
    assignedTo: seesAllClients(staff) ? null : staff.firmMemberId,
    companyPk: filters.client_company ?? null,
    from: range.from,
    to: range.to,
  };
  return { scope, range };
};

const rangeOf = (range: DayRange) => ({ date_from: range.dateFrom, date_to: range.dateTo });
const fromEpoch = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));
const personName = (p: { first_name: string; last_name: string; email: string }) => `${p.first_name} ${p.last_name}`.trim() || p.email;

/** Each company's row, and the median of every answer (from the same pass over them). */
const companyRows = async (ctx: AnalyticsContext, scope: AnalyticsScope): Promise<{ rows: CompanyAnalytics[]; overallMedian: number | null }> => {
  const [states, activity] = await Promise.all([findCompanyStates(ctx.db, scope), findCompanyActivity(ctx.db, scope)]);
  const byCompany = new Map(activity.map((a) => [a.company, a]));
  const rows = states.map((s) => {
    const done = byCompany.get(s.pk);
    const oldest = fromEpoch(s.oldest_open);
    return {
      client_company: { pk: s.pk, name: s.name },
      waiting_on_client: s.waiting,
      ready_for_review: s.review,
      published: s.published,
      sync_errors: s.sync_errors,
      answered_in_range: done?.answered ?? 0,
      published_in_range: done?.published ?? 0,
      median_response_seconds: done?.median_seconds ?? null,
      oldest_open_at: oldest?.toISOString() ?? null,
      oldest_open_days: oldest ? daysSince(oldest, ctx.now) : null,
    };
  });
  return { rows, overallMedian: byCompany.get(null)?.median_seconds ?? null };
};

/** `client-company/transactions-analytics-total/`: one row per company the asker sees, by name. */
export const getCompanyAnalytics = async (deps: AnalyticsDeps, actor: Actor, filters: AnalyticsFilters): Promise<CompanyAnalyticsList> => {
  const ctx = contextOf(deps);
  const { scope, range } = await scopeFor(ctx, actor, filters);
  return { range: rangeOf(range), results: (await companyRows(ctx, scope)).rows };
};

/** `analytics/`: the same counts summed over the companies, the oldest open item of any, and the median of all answers. */
export const getAnalyticsSummary = async (deps: AnalyticsDeps, actor: Actor, filters: AnalyticsFilters): Promise<AnalyticsSummary> => {
  const ctx = contextOf(deps);
  const { scope, range } = await scopeFor(ctx, actor, filters);
  const { rows, overallMedian } = await companyRows(ctx, scope);
  const sum = (pick: (r: CompanyAnalytics) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const oldest = rows.map((r) => r.oldest_open_at).reduce<string | null>((a, b) => (b !== null && (a === null || b < a) ? b : a), null);
  return {
    range: rangeOf(range),
    companies: rows.length,
    waiting_on_client: sum((r) => r.waiting_on_client),
    ready_for_review: sum((r) => r.ready_for_review),
    published: sum((r) => r.published),
    sync_errors: sum((r) => r.sync_errors),
    answered_in_range: sum((r) => r.answered_in_range),
    published_in_range: sum((r) => r.published_in_range),
    median_response_seconds: overallMedian,
    oldest_open_at: oldest,
    oldest_open_days: oldest === null ? null : daysSince(new Date(oldest), ctx.now),
  };
};

/** `client-company/transactions-analytics-per-month/`: every month of the range, those with nothing at zero. */
export const getMonthlyAnalytics = async (deps: AnalyticsDeps, actor: Actor, filters: AnalyticsFilters): Promise<MonthAnalyticsList> => {
  const ctx = contextOf(deps);
  const { scope, range } = await scopeFor(ctx, actor, filters);
  const found = new Map((await findMonths(ctx.db, scope)).map((m) => [m.month, m]));
  return {
    range: rangeOf(range),
    months: monthsOf(range).map((month) => ({ month, received: 0, answered: 0, published: 0, ...found.get(month) })),
  };
};

/** `users-analytics/`: the firm's staff (all of them, even with nothing in the range) and the client users of the counted companies. */
export const getUserAnalytics = async (deps: AnalyticsDeps, actor: Actor, filters: AnalyticsFilters): Promise<UserAnalytics> => {
  const ctx = contextOf(deps);
  const { scope, range } = await scopeFor(ctx, actor, filters);
  const [staff, clients, answerers] = await Promise.all([findAccountantActivity(ctx.db, scope), findClientUsers(ctx.db, scope), findAnswerers(ctx.db, scope)]);
  const answersOf = new Map(answerers.map((a) => [a.actor, a]));
  return {
    range: rangeOf(range),
    accountants: staff.map((s) => ({
      user: { pk: s.pk, name: personName(s), email: s.email },
      reviewed: s.reviewed,
      published: s.published,
      sent_back: s.sent_back,
    })),
    clients: clients
      .map((c) => ({
        user: { pk: c.pk, name: personName(c), email: c.email },
        companies: c.companies,
        answers: answersOf.get(c.pk)?.answers ?? 0,
        median_response_seconds: answersOf.get(c.pk)?.median_seconds ?? null,
      }))
      .sort((a, b) => b.answers - a.answers || a.user.name.localeCompare(b.user.name) || a.user.pk - b.user.pk),
  };
};
