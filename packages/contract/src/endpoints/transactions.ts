import { z } from 'zod';
import { paginated } from '../client-companies.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import {
  backBody,
  companyTransactionCounts,
  companyTransactionCountsQuery,
  pksBody,
  publishResult,
  samePayee,
  samePayeeApplyBody,
  splitBody,
  staleVersionAnswer,
  syncRequestResult,
  transaction,
  transactionChoices,
  transactionCounters,
  clientTransactionCounters,
  transactionListQuery,
  transactionsUpdateBody,
} from '../transactions.js';
import { transactionHistory, transactionHistoryParams } from '../transaction-history.js';

const ACCOUNTANT = 'accounting/accountant/client-company/{pk}/transactions';
const CLIENT = 'accounting/client/company/{pk}/transactions';
const accountant = ['transactions (accountant)'];
const client = ['transactions (client)'];

/** `count_capped`: there are more than `count` rows (counts stop at 1,000). */
export const transactionPage = paginated(transaction).extend({ count_capped: z.boolean() });

const list = (path: string, tags: string[], summary: string) =>
  endpoint({ method: 'GET', path, tags, summary, params: pkParams, query: transactionListQuery, responses: { 200: transactionPage } });
const pksAction = (name: string, summary: string) =>
  endpoint({ method: 'POST', path: `${ACCOUNTANT}/${name}/`, tags: accountant, summary, params: pkParams, body: pksBody, responses: { 204: noContent } });
const pull = (name: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/${name}/`,
    tags: accountant,
    summary,
    params: pkParams,
    responses: { 200: syncRequestResult, 202: syncRequestResult },
  });

/** The categorization loop's routes: lists, counters, the answer, and the accountant's actions. */
export const transactionEndpoints = {
  accountantActive: list(`${ACCOUNTANT}/list/`, accountant, 'Active: waiting for the client'),
  accountantCategorized: list(`${ACCOUNTANT}/categorized-list/`, accountant, 'Categorized: to review and publish'),
  accountantHidden: list(`${ACCOUNTANT}/hidden-list/`, accountant, 'Hidden'),
  clientActive: list(`${CLIENT}/list/`, client, 'What waits for the client'),
  clientCompleted: list(`${CLIENT}/completed-list/`, client, 'What the client has answered'),
  clientUpdate: endpoint({
    method: 'PATCH',
    path: `${CLIENT}/update/`,
    tags: client,
    summary: 'Categorize: lines, memo, done (one or many)',
    params: pkParams,
    body: transactionsUpdateBody,
    responses: { 200: z.array(transaction), 409: staleVersionAnswer },
  }),
  clientSamePayee: endpoint({
    method: 'GET',
    path: `${CLIENT}/{transactionPk}/same-payee/`,
    tags: client,
    summary: "The other open transactions of an answered transaction's payee, that its answer could finish too",
    params: transactionHistoryParams,
    responses: { 200: samePayee },
  }),
  clientSamePayeeApply: endpoint({
    method: 'POST',
    path: `${CLIENT}/{transactionPk}/same-payee/apply/`,
    tags: client,
    summary: 'Answer these open transactions of the same payee as this one was answered, and finish them, in one write',
    params: transactionHistoryParams,
    body: samePayeeApplyBody,
    responses: { 200: z.array(transaction) },
  }),
  accountantUpdate: endpoint({
    method: 'PATCH',
    path: `${ACCOUNTANT}/update/`,
    tags: accountant,
    summary: 'Edit or approve the client’s answers (one or many)',
    params: pkParams,
    body: transactionsUpdateBody,
    responses: { 200: z.array(transaction), 409: staleVersionAnswer },
  }),
  accountantCounters: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/counters/',
    tags: accountant,
    summary: 'How many transactions each list holds',
    params: pkParams,
    responses: { 200: transactionCounters },
  }),
  clientCounters: endpoint({
    method: 'GET',
    path: 'accounting/client/company/{pk}/counters/',
    tags: client,
    summary: 'How many transactions, open receipts and requests wait for the client',
    params: pkParams,
    responses: { 200: clientTransactionCounters },
  }),
  hide: pksAction('hide', 'Hide'),
  unhide: pksAction('unhide', 'Unhide'),
  publish: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/publish/`,
    tags: accountant,
    summary: 'Publish to the ledger',
    params: pkParams,
    body: pksBody,
    responses: { 200: publishResult },
    idempotent: true,
  }),
  resync: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/resync/`,
    tags: accountant,
    summary: 'Read these transactions again from the ledger',
    params: pkParams,
    body: pksBody,
    responses: { 200: syncRequestResult, 202: syncRequestResult },
  }),
  syncMissing: pull('sync-missing', 'Pull the ledger’s transactions Herd does not have yet'),
  fullyResync: pull('fully-resync', 'Pull every transaction since the sync date again'),
  companyCounts: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-companies/transactions/count/',
    tags: accountant,
    summary: 'Open work per client company (all the user sees, or those of `client_companies`)',
    query: companyTransactionCountsQuery,
    responses: { 200: companyTransactionCounts },
  }),
  choices: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/choices/`,
    tags: accountant,
    summary: 'Options for the filter bar',
    params: pkParams,
    responses: { 200: transactionChoices },
  }),
  split: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/split/`,
    tags: accountant,
    summary: 'Split into lines that add up to the total',
    params: pkParams,
    body: splitBody,
    responses: { 200: transaction, 409: staleVersionAnswer },
  }),
  lineDelete: endpoint({
    method: 'POST',
    path: 'accounting/client/transaction-line/{pk}/delete/',
    tags: client,
    summary: 'Remove a line of a split the person may edit (its amount goes to the first remaining line; the last line stays)',
    params: pkParams,
    responses: { 204: noContent },
  }),
  back: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/back/`,
    tags: accountant,
    summary: 'Send back to the client, with a message',
    params: pkParams,
    body: backBody,
    responses: { 204: noContent },
  }),
  history: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/{transactionPk}/history/`,
    tags: accountant,
    summary: 'Who answered, where it was published, and its history from the audit log (newest 200 entries, oldest first)',
    params: transactionHistoryParams,
    responses: { 200: transactionHistory },
  }),
  clearErrors: endpoint({
    method: 'POST',
    path: 'accounting/accountant/client-company/{pk}/transaction/errors/clear/',
    tags: accountant,
    summary: 'Clear sync errors',
    params: pkParams,
    body: pksBody,
    responses: { 204: noContent },
  }),
};
