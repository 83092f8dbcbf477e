import { and, count, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AutomationAgent, AutomationEventsQuery } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { automationEvents, clientCompanies, ledgerAccounts, suggestionRules, transactions } from '../../../db/schema/index.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';
import { daysBefore } from '../../../lib/calendar-days.js';

const daysAgo = (days: number, now: Date) => daysBefore(now, days).toISOString();

const tally = (outcome: 'ACTED' | 'OVERRULED', since?: string) =>
  count(sql`case when ${automationEvents.outcome} = ${outcome}${since ? sql` and ${automationEvents.at} >= ${since}::timestamptz` : sql``} then 1 end`);

/** Per agent and rule: acts and overrulings all time and in the last 30 and 90 days, over the companies this person sees. */
export const automationTallies = (db: Db, actor: FirmActor, now: Date) => {
  const d30 = daysAgo(30, now);
  const d90 = daysAgo(90, now);
  return db
    .select({
      agent: automationEvents.agent,
      ruleId: automationEvents.ruleId,
      acted: tally('ACTED'),
      overruled: tally('OVERRULED'),
      acted30: tally('ACTED', d30),
      overruled30: tally('OVERRULED', d30),
      acted90: tally('ACTED', d90),
      overruled90: tally('OVERRULED', d90),
    })
    .from(automationEvents)
    .innerJoin(clientCompanies, and(eq(clientCompanies.pk, automationEvents.clientCompanyId), visibleCompaniesWhere(actor)))
    .where(eq(automationEvents.firmId, actor.firmId))
    .groupBy(automationEvents.agent, automationEvents.ruleId);
};
export type AutomationTally = Awaited<ReturnType<typeof automationTallies>>[number];

/** The firm's rules this person sees: the firm's own and those of the companies they see. */
export const reportRules = (db: Db, actor: FirmActor) =>
  db
    .select({
      pk: suggestionRules.pk,
      matchText: suggestionRules.matchText,
      accountName: sql<string>`coalesce(${suggestionRules.accountName}, ${ledgerAccounts.name}, '')`,
      companyPk: clientCompanies.pk,
      companyName: clientCompanies.name,
      enabled: suggestionRules.enabled,
      pausedReason: suggestionRules.pausedReason,
    })
    .from(suggestionRules)
    .leftJoin(clientCompanies, eq(clientCompanies.pk, suggestionRules.clientCompanyId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.pk, suggestionRules.categoryId))
    .where(and(eq(suggestionRules.firmId, actor.firmId), or(isNull(suggestionRules.clientCompanyId), visibleCompaniesWhere(actor))))
    .orderBy(suggestionRules.pk);

/** The events behind one row of the report, newest first, one page, over the companies this person sees. */
export const automationEventPage = async (db: Db, actor: FirmActor, query: AutomationEventsQuery & { agent: AutomationAgent }, now: Date) => {
  const conditions: (SQL | undefined)[] = [eq(automationEvents.firmId, actor.firmId), eq(automationEvents.agent, query.agent)];
  if (query.rule !== undefined) conditions.push(eq(automationEvents.ruleId, query.rule));
  if (query.days !== 'all') conditions.push(gte(automationEvents.at, new Date(daysAgo(Number(query.days), now))));
  if (query.outcome !== 'all') conditions.push(eq(automationEvents.outcome, query.outcome === 'acted' ? 'ACTED' : 'OVERRULED'));
  const where = and(...conditions);
  const visible = and(eq(clientCompanies.pk, automationEvents.clientCompanyId), visibleCompaniesWhere(actor));
  const [total] = await db.select({ n: count() }).from(automationEvents).innerJoin(clientCompanies, visible).where(where);
  const rows = await db
    .select({
      pk: automationEvents.pk,
      outcome: automationEvents.outcome,
      bySide: automationEvents.bySide,
      at: automationEvents.at,
      transactionPk: transactions.pk,
      companyPk: clientCompanies.pk,
      companyName: clientCompanies.name,
      date: transactions.date,
      payee: transactions.payee,
      amount: transactions.amount,
      status: transactions.status,
    })
    .from(automationEvents)
    .innerJoin(clientCompanies, visible)
    .innerJoin(transactions, and(eq(transactions.pk, automationEvents.transactionId), eq(transactions.clientCompanyId, automationEvents.clientCompanyId)))
    .where(where)
    .orderBy(desc(automationEvents.at), desc(automationEvents.pk))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.n ?? 0, rows };
};
