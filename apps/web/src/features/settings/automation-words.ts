import type { AutomationReport, AutomationRow } from '@herd/contract';

/** What a row of the automation report is called: a rule by what it matches and files to, the others by their own name. */
export const automationRowName = (row: AutomationRow): string => (row.rule ? `“${row.rule.match_text}” → ${row.rule.account_name}` : row.name);

/** The firm's pause rule in words, as the review check settings set it. */
export const pauseRuleText = (pause: AutomationReport['pause']): string =>
  pause.percent === null
    ? 'Herd never pauses a rule by itself.'
    : `Herd pauses a rule overruled more than ${pause.percent}% of the time once it acted ${pause.after} times in 30 days.`;
