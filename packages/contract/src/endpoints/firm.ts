import { endpoint } from '../endpoint.js';
import { firmSettings, firmSettingsBody } from '../people.js';
import { reviewCheckSettings, reviewCheckSettingsBody } from '../review-checks.js';
import { automationEventPage, automationEventsQuery, automationReport } from '../automation.js';

const tags = ['firm settings'];

/** The firm's branding, shown to its staff and clients and in its emails. */
export const firmSettingsEndpoints = {
  settings: endpoint({ method: 'GET', path: 'accounting/accountant/firm-settings/', tags, summary: 'The firm’s branding', responses: { 200: firmSettings } }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/accountant/firm-settings/update/',
    tags,
    summary: 'Change the firm’s name, main colour or logo (firm admin only)',
    body: firmSettingsBody,
    responses: { 200: firmSettings },
  }),
};

/** Which review checks run over the firm's client companies, and the numbers they go by (docs/review-checks.md). */
export const reviewCheckSettingsEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: 'accounting/accountant/review-check-settings/',
    tags,
    summary: 'The firm’s review checks: which run, the window and their thresholds',
    responses: { 200: reviewCheckSettings },
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/accountant/review-check-settings/',
    tags,
    summary: 'Turn review checks on or off and set their thresholds (firm admin only)',
    body: reviewCheckSettingsBody,
    responses: { 200: reviewCheckSettings },
  }),
};

/** How often each rule, learned suggestion source and the receipt matcher acted and was overruled (docs/review-checks.md). */
export const automationEndpoints = {
  report: endpoint({
    method: 'GET',
    path: 'accounting/accountant/automation-report/',
    tags,
    summary: 'Each rule, learned suggestion source and the receipt matcher: how often it acted and was overruled, all time and over 30 and 90 days',
    responses: { 200: automationReport },
  }),
  events: endpoint({
    method: 'GET',
    path: 'accounting/accountant/automation-report/events/',
    tags,
    summary: 'The transactions behind one row of the automation report, newest first',
    query: automationEventsQuery,
    responses: { 200: automationEventPage },
  }),
};
