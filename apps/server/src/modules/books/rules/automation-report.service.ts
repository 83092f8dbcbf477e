import { AUTOMATION_AGENT_NAMES, effectiveReviewCheckSettings, type AutomationEventsQuery, type AutomationReport, type AutomationRow } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import type { NoInput } from '../../../lib/service.js';
import { pageLinks } from '../../../lib/pagination.js';
import { storedReviewCheckSettings } from '../review-checks/review-checks.face.js';
import { automationEventPage, automationTallies, reportRules, type AutomationTally } from './automation-report.queries.js';

const counts = (acted: number, overruled: number) => ({ acted, overruled, rate: acted === 0 ? null : overruled / acted });

const periods = (t: AutomationTally | undefined): Pick<AutomationRow, 'all_time' | 'last_30_days' | 'last_90_days'> => ({
  all_time: counts(t?.acted ?? 0, t?.overruled ?? 0),
  last_30_days: counts(t?.acted30 ?? 0, t?.overruled30 ?? 0),
  last_90_days: counts(t?.acted90 ?? 0, t?.overruled90 ?? 0),
});

/**
 * `automation-report/`: each of the firm's rules (those of the companies this person sees, and the firm's own), the
 * two learned suggestion sources and the receipt matcher, with how often each acted and was overruled, over the
 * companies this person sees. Every row is there, even one that never acted. Staff only.
 */
export const automationReport = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput, now = new Date()): Promise<AutomationReport> => {
  const firmActor = can.workOnClients(actor);
  const [tallies, rules, settings] = await Promise.all([
    automationTallies(db, firmActor, now),
    reportRules(db, firmActor),
    storedReviewCheckSettings(db, firmActor.firmId),
  ]);
  const tallyOf = (agent: string, ruleId: number | null) => tallies.find((t) => t.agent === agent && t.ruleId === ruleId);
  const ruleRows: AutomationRow[] = rules.map((r) => ({
    agent: 'RULE',
    rule: {
      pk: r.pk,
      match_text: r.matchText,
      account_name: r.accountName,
      client_company: r.companyPk === null ? null : { pk: r.companyPk, name: r.companyName ?? '' },
      enabled: r.enabled,
      paused_reason: r.pausedReason,
    },
    name: `“${r.matchText}” → ${r.accountName}`,
    ...periods(tallyOf('RULE', r.pk)),
  }));
  const others: AutomationRow[] = (['HISTORY', 'FIRM', 'RECEIPT_MATCHER'] as const).map((agent) => ({
    agent,
    rule: null,
    name: AUTOMATION_AGENT_NAMES[agent],
    ...periods(tallyOf(agent, null)),
  }));
  const { rule_pause_percent: percent, rule_pause_after: after } = effectiveReviewCheckSettings(settings);
  return { results: [...others, ...ruleRows], pause: { percent, after } };
};

/** `automation-report/events/`: the transactions behind one row, newest first (`url`: the request's own, for the page links). */
export const automationEvents = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { query, url }: { query: AutomationEventsQuery; url: string }, now = new Date()) => {
  const firmActor = can.workOnClients(actor);
  const { count, rows } = await automationEventPage(db, firmActor, query, now);
  return {
    count,
    ...pageLinks(url, query.page, query.page_size, count),
    results: rows.map((r) => ({
      pk: r.pk,
      outcome: r.outcome,
      by: r.bySide,
      at: r.at.toISOString(),
      transaction: { pk: r.transactionPk, client_company: { pk: r.companyPk, name: r.companyName }, date: r.date, payee: r.payee, amount: r.amount, status: r.status },
    })),
  };
};
