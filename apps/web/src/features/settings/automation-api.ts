import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { automationEndpoints as e, type AutomationAgent, type AutomationEventsQuery } from '@herd/contract';
import { call } from '../../lib/api-client';

/** How many transactions the drawer lists on a page. */
export const AUTOMATION_EVENTS_PAGE_SIZE = 20;

export type AutomationDays = AutomationEventsQuery['days'];
export type AutomationOutcomeFilter = AutomationEventsQuery['outcome'];

/** One row of the report, as the events endpoint names it: its agent, and the rule's pk for a rule's row. */
export interface AutomationSubject {
  agent: AutomationAgent;
  rule?: number;
}

export interface AutomationEventsFilters {
  days: AutomationDays;
  outcome: AutomationOutcomeFilter;
  page: number;
}

export const automationKeys = {
  all: ['firm', 'automation-report'] as const,
  report: () => [...automationKeys.all, 'report'] as const,
  events: (subject: AutomationSubject, filters: AutomationEventsFilters) => [...automationKeys.all, 'events', subject, filters] as const,
};

/** Each rule, learned suggestion source and the receipt matcher, with how often it acted and was overruled. */
export const useAutomationReport = () => useQuery({ queryKey: automationKeys.report(), queryFn: () => call(e.report, {}) });

/** The transactions behind one row, newest first, a page at a time; the page shown stays while the next loads. */
export const useAutomationEvents = (subject: AutomationSubject, filters: AutomationEventsFilters) =>
  useQuery({
    queryKey: automationKeys.events(subject, filters),
    queryFn: () =>
      call(e.events, {
        query: { agent: subject.agent, rule: subject.rule, days: filters.days, outcome: filters.outcome, page: filters.page, page_size: AUTOMATION_EVENTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
