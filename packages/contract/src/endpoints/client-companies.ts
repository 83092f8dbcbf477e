import { z } from 'zod';
import { clientCompany, clientCompanyCreateBody, clientCompanyListQuery, clientCompanyUpdateBody, paginated, syncDateBody } from '../client-companies.js';
import { endpoint, pkParams } from '../endpoint.js';
import { magicLinkBody, notifyBody, urlResponse } from '../people.js';
import { reminderLadderView } from '../reminder-ladder.js';
import { findingParams, reviewFinding, reviewFindings, reviewFindingsQuery, reviewRunResult } from '../review-checks.js';

const ACCOUNTANT = 'accounting/accountant';
const COMPANY = `${ACCOUNTANT}/client-company/{pk}`;
const tags = ['client companies'];

/** The CSV export takes the list's filters, not its paging: it holds the whole list. */
export const clientCompanyCsvQuery = clientCompanyListQuery.omit({ page: true, page_size: true });
export const disconnectAllResult = z.object({ disconnected: z.number() });
export const notifyResult = z.object({ sent: z.number() });

/** The accountant's client companies: the list, one company's settings, disconnecting, and reaching its client users. */
export const clientCompanyEndpoints = {
  create: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/client-companies/create/`,
    tags,
    summary: 'Create a CSV, CONNECTIONLESS or GENERIC client company',
    body: clientCompanyCreateBody,
    responses: { 201: clientCompany },
    idempotent: true,
  }),
  list: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/client-companies/list/`,
    tags,
    summary: 'Client companies the user can see',
    query: clientCompanyListQuery,
    responses: { 200: paginated(clientCompany) },
  }),
  /** Text, not JSON: the browser downloads it through a plain link (`text/csv`, as an attachment). */
  csv: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/client-companies/csv/`,
    tags,
    summary: 'The client list as CSV (same filters as the list)',
    query: clientCompanyCsvQuery,
    responses: { 200: z.string() },
  }),
  retrieve: endpoint({ method: 'GET', path: `${COMPANY}/retrieve/`, tags, summary: 'One client company', params: pkParams, responses: { 200: clientCompany } }),
  update: endpoint({
    method: 'PATCH',
    path: `${COMPANY}/update/`,
    tags,
    summary: 'Name, assigned team members, client-editable fields, reminders, pinned note',
    params: pkParams,
    body: clientCompanyUpdateBody,
    responses: { 200: clientCompany },
  }),
  reminderLadder: endpoint({
    method: 'GET',
    path: `${COMPANY}/reminder-ladder/`,
    tags,
    summary: 'The next reminder, and the text and call task that follow it while the client does not answer',
    params: pkParams,
    responses: { 200: reminderLadderView },
  }),
  reviewChecks: endpoint({
    method: 'GET',
    path: `${COMPANY}/review-checks/`,
    tags,
    summary: 'What the review checks found in the company’s categorized transactions: open findings, or the dismissed ones',
    params: pkParams,
    query: reviewFindingsQuery,
    responses: { 200: reviewFindings },
  }),
  reviewChecksRun: endpoint({
    method: 'POST',
    path: `${COMPANY}/review-checks/run/`,
    tags,
    summary: 'Run the review checks again now (off the request path)',
    params: pkParams,
    responses: { 202: reviewRunResult },
  }),
  reviewFindingDismiss: endpoint({
    method: 'POST',
    path: `${COMPANY}/review-checks/{finding}/dismiss/`,
    tags,
    summary: 'Dismiss one finding: later runs leave it dismissed',
    params: findingParams,
    responses: { 200: reviewFinding },
  }),
  reviewFindingAsk: endpoint({
    method: 'POST',
    path: `${COMPANY}/review-checks/{finding}/ask/`,
    tags,
    summary: 'Ask the client about one finding: the transaction goes back to them with the question',
    params: findingParams,
    responses: { 200: reviewFinding },
  }),
  syncDate: endpoint({
    method: 'PATCH',
    path: `${COMPANY}/update/sync-date/`,
    tags,
    summary: 'Date from which transactions are pulled',
    params: pkParams,
    body: syncDateBody,
    responses: { 200: clientCompany },
  }),
  disconnect: endpoint({
    method: 'POST',
    path: `${COMPANY}/disconnect/`,
    tags,
    summary: 'Disconnect the company from its ledger',
    params: pkParams,
    responses: { 200: clientCompany },
  }),
  disconnectAll: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/disconnect-all/`,
    tags,
    summary: 'Disconnect every client company of the firm',
    responses: { 200: disconnectAllResult },
  }),
  /** Only hands out a link and changes no firm data, so a lapsed firm can still let its clients in. */
  magicLink: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/client-company/get-magic-link/`,
    tags: ['client users'],
    summary: 'A sign-in link for a client user',
    body: magicLinkBody,
    responses: { 200: urlResponse },
    whileReadOnly: true,
  }),
  sendNotification: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/client-company/send-notification/`,
    tags: ['client users'],
    summary: 'Email the client’s users a reminder with a sign-in link',
    body: notifyBody,
    responses: { 200: notifyResult },
  }),
};
