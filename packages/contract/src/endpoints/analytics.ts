import { endpoint } from '../endpoint.js';
import { analyticsQuery, analyticsSummary, companyAnalyticsList, monthAnalyticsList, userAnalytics } from '../analytics.js';

const tags = ['analytics'];

/** The firm's transaction analytics (FEATURE_TRANSACTION_ANALYTICS; without it every one answers 404). Firm users only. */
export const analyticsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: 'analytics/',
    tags,
    summary: 'Totals over the client companies the user sees: open work now, answers and publishes within the range',
    query: analyticsQuery,
    responses: { 200: analyticsSummary },
  }),
  companyTotals: endpoint({
    method: 'GET',
    path: 'client-company/transactions-analytics-total/',
    tags,
    summary: 'The same totals per client company',
    query: analyticsQuery,
    responses: { 200: companyAnalyticsList },
  }),
  perMonth: endpoint({
    method: 'GET',
    path: 'client-company/transactions-analytics-per-month/',
    tags,
    summary: 'Transactions received, answered by clients and published, per month (UTC) of the range',
    query: analyticsQuery,
    responses: { 200: monthAnalyticsList },
  }),
  users: endpoint({
    method: 'GET',
    path: 'users-analytics/',
    tags,
    summary: 'Per accountant: transactions reviewed and published; per client user: answers given and median time to answer',
    query: analyticsQuery,
    responses: { 200: userAnalytics },
  }),
};
