import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { effectiveReviewCheckSettings } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { automationEvents, suggestionRules } from '../../../db/schema/index.js';
import { dayInWords, daysBefore, toIsoDate } from '../../../lib/calendar-days.js';
import { notifyRulePaused } from '../../messaging/notifications/notifications.face.js';
import { storedReviewCheckSettings } from '../review-checks/review-checks.face.js';
import { updateRule } from './rules.queries.js';

/** The period a rule's override rate is judged over. */
export const PAUSE_WINDOW_DAYS = 30;

/** "Paused on Dec 7, 2026: overruled 4 of its 6 answers in 30 days (67%), more than the firm's 50%." */
export const pauseReason = (on: Date, overruled: number, acted: number, percent: number) =>
  `Paused on ${dayInWords(toIsoDate(on))}: overruled ${overruled} of its ${acted} answers in ${PAUSE_WINDOW_DAYS} days ` +
  `(${Math.round((100 * overruled) / acted)}%), more than the firm's ${percent}%.`;

/** Each running rule's acts and overrulings in the window (from when it was last turned back on, if later). */
const recentCounts = (db: Db, firmId: number, rulePks: number[], since: Date) => {
  const from = sql`greatest(${since.toISOString()}::timestamptz, coalesce(${suggestionRules.countedFrom}, ${since.toISOString()}::timestamptz))`;
  return db
    .select({
      pk: suggestionRules.pk,
      matchText: suggestionRules.matchText,
      companyPk: suggestionRules.clientCompanyId,
      acted: count(sql`case when ${automationEvents.outcome} = 'ACTED' and ${automationEvents.at} >= ${from} then 1 end`),
      overruled: count(sql`case when ${automationEvents.outcome} = 'OVERRULED' and ${automationEvents.at} >= ${from} then 1 end`),
    })
    .from(suggestionRules)
    .innerJoin(automationEvents, and(eq(automationEvents.ruleId, suggestionRules.pk), eq(automationEvents.firmId, firmId), gte(automationEvents.at, since)))
    .where(and(eq(suggestionRules.firmId, firmId), inArray(suggestionRules.pk, rulePks), eq(suggestionRules.enabled, true), isNull(suggestionRules.pausedReason)))
    .groupBy(suggestionRules.pk);
};

/**
 * Rules just overruled, judged against the firm's pause rule (its review check settings): a rule overruled more
 * than the firm's share of its answers in the last 30 days, once it answered at least the firm's number of times,
 * is turned off with the reason kept on it, and the firm is told why. In the caller's transaction, with the
 * overruling that tipped it. Nothing else changes: its answers stay as they are until a person looks.
 */
export const pauseOverruledRules = async (db: Db, firmId: number, rulePks: number[], now = new Date()) => {
  if (rulePks.length === 0) return;
  const { rule_pause_percent: percent, rule_pause_after: after } = effectiveReviewCheckSettings(await storedReviewCheckSettings(db, firmId));
  if (percent === null) return;
  for (const rule of await recentCounts(db, firmId, rulePks, daysBefore(now, PAUSE_WINDOW_DAYS))) {
    if (rule.acted < after || rule.overruled * 100 <= percent * rule.acted) continue;
    const reason = pauseReason(now, rule.overruled, rule.acted, percent);
    await updateRule(db, firmId, rule.pk, { enabled: false, pausedReason: reason });
    await notifyRulePaused(db, { firmId, companyPk: rule.companyPk, matchText: rule.matchText, reason });
  }
};
