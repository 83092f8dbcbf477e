import type { AutomationReport } from '@herd/contract';

/** The firm's pause rule in words, as the review check settings set it. */
export const pauseRuleText = (pause: AutomationReport['pause']): string =>
  pause.percent === null
    ? 'Herd never pauses a rule by itself.'
    : `Herd pauses a rule overruled more than ${pause.percent}% of the time once it acted ${pause.after} times in 30 days.`;
