import { z } from 'zod';
import { paginated } from './client-companies.js';
import { ID_MAX } from './ids.js';
import { messages } from './messages.js';

/**
 * What answers or matches by itself in Herd, as the automation report counts it (docs/review-checks.md,
 * "Automation that reports on itself"): each of the accountant's rules, the two learned suggestion sources
 * (this company's own answers, the firm's other clients) and the receipt matcher.
 */
export const AUTOMATION_AGENTS = ['RULE', 'HISTORY', 'FIRM', 'RECEIPT_MATCHER'] as const;
export type AutomationAgent = (typeof AUTOMATION_AGENTS)[number];

/** A rule's own row is `RULE` with its pk; the others have none. */
export const AUTOMATION_AGENT_NAMES: Record<AutomationAgent, string> = {
  RULE: 'Rule',
  HISTORY: 'Suggestions learned from the company’s own answers',
  FIRM: 'Suggestions learned from the firm’s other clients',
  RECEIPT_MATCHER: 'Receipt matcher',
};

/** Acted: it answered, its suggestion was decided on, or it matched a receipt. Overruled: a person chose otherwise. */
export const AUTOMATION_OUTCOMES = ['ACTED', 'OVERRULED'] as const;
export type AutomationOutcome = (typeof AUTOMATION_OUTCOMES)[number];

const counts = z.object({
  acted: z.number(),
  overruled: z.number(),
  /** Overruled ÷ acted, 0–1; null when it did not act in the period. */
  rate: z.number().nullable(),
});

export const automationRow = z.object({
  agent: z.enum(AUTOMATION_AGENTS),
  /** The rule (agent RULE); null for the others. */
  rule: z
    .object({
      pk: z.number(),
      match_text: z.string(),
      account_name: z.string(),
      /** The company it belongs to; null for a firm rule. */
      client_company: z.object({ pk: z.number(), name: z.string() }).nullable(),
      enabled: z.boolean(),
      /** Why Herd paused it, with the numbers; null when it is not paused. */
      paused_reason: z.string().nullable(),
    })
    .nullable(),
  name: z.string(),
  all_time: counts,
  last_30_days: counts,
  last_90_days: counts,
});
export type AutomationRow = z.infer<typeof automationRow>;

export const automationReport = z.object({
  results: z.array(automationRow),
  /** The firm's pause rule for its rules, from its review check settings. */
  pause: z.object({ percent: z.number().nullable(), after: z.number() }),
});
export type AutomationReport = z.infer<typeof automationReport>;

/** The transactions behind one row of the report: its acts and overrulings, newest first. */
export const automationEventsQuery = z.object({
  agent: z.enum(AUTOMATION_AGENTS, { error: messages.notValid('Agent') }),
  rule: z.coerce
    .number({ error: messages.notValid('Rule') })
    .int()
    .min(1)
    .max(ID_MAX)
    .optional(),
  days: z.enum(['30', '90', 'all'], { error: messages.notValid('Days') }).default('90'),
  outcome: z.enum(['acted', 'overruled', 'all'], { error: messages.notValid('Outcome') }).default('all'),
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AutomationEventsQuery = z.infer<typeof automationEventsQuery>;

export const automationEvent = z.object({
  pk: z.number(),
  outcome: z.enum(AUTOMATION_OUTCOMES),
  /** Who overruled it; null for an act. */
  by: z.enum(['accountant', 'client']).nullable(),
  at: z.string(),
  transaction: z.object({
    pk: z.number(),
    client_company: z.object({ pk: z.number(), name: z.string() }),
    date: z.string(),
    payee: z.string(),
    amount: z.string(),
    status: z.string(),
  }),
});
export type AutomationEvent = z.infer<typeof automationEvent>;
export const automationEventPage = paginated(automationEvent);
export type AutomationEventPage = z.infer<typeof automationEventPage>;
