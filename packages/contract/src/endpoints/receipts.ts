import { z } from 'zod';
import { paginated } from '../client-companies.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { idParam } from '../ids.js';
import {
  receipt,
  receiptAddresses,
  receiptBackBody,
  receiptBulkMatchBody,
  receiptFindMatchesBody,
  receiptMatchBody,
  receiptSuggestions,
  receiptChoices,
  receiptCounters,
  receiptCreateResult,
  receiptListQuery,
  receiptPksBody,
  receiptsUpdateBody,
  receiptTransactionDetails,
  receiptReasons,
} from '../receipts.js';
import { binaryAnswer } from './files.js';

const ACCOUNTANT = 'accounting/accountant/client-company/{pk}/receipts';
const CLIENT = 'accounting/client/company/{pk}/receipts';
const accountant = ['receipts (accountant)'];
const client = ['receipts (client)'];
const both = ['receipts'];

export const receiptPage = paginated(receipt);

const list = (path: string, tags: string[], summary: string) =>
  endpoint({ method: 'GET', path, tags, summary, params: pkParams, query: receiptListQuery, responses: { 200: receiptPage } });
const counters = (path: string, tags: string[]) =>
  endpoint({ method: 'GET', path, tags, summary: 'How many receipts each list holds', params: pkParams, responses: { 200: receiptCounters } });
const update = (path: string, tags: string[], summary: string) =>
  endpoint({ method: 'PATCH', path, tags, summary, params: pkParams, body: receiptsUpdateBody, responses: { 200: z.array(receipt) } });
const action = (path: string, tags: string[], summary: string) =>
  endpoint({ method: 'POST', path, tags, summary, params: pkParams, body: receiptPksBody, responses: { 204: noContent } });
const zip = (path: string, summary: string) => endpoint({ method: 'GET', path, tags: accountant, summary, params: pkParams, responses: { 200: binaryAnswer } });

/** Receipts: the upload, both sides' lists and actions, the firm's inbox, and a client's personal receipts address. */
export const receiptEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'accounting/receipt/create/',
    tags: both,
    summary: 'Upload receipts (multipart: one or more `file`, `client_company` (optional for the firm: its inbox), optional `note`)',
    responses: { 201: receiptCreateResult },
    // A photo taken offline is sent again when the connection is back, with the key it was taken with: filed once.
    idempotent: true,
  }),
  transactionDetails: endpoint({
    method: 'GET',
    path: 'accounting/receipt/{receiptPk}/transaction_details/',
    tags: both,
    summary: 'The transaction a receipt was matched to, with its lines',
    params: z.object({ receiptPk: idParam }),
    responses: { 200: receiptTransactionDetails },
  }),
  reasons: endpoint({
    method: 'GET',
    path: 'accounting/receipt/{receiptPk}/reasons/',
    tags: both,
    summary: 'Why a receipt is matched to its charge, the charges that lost and why, and the earlier receipt a duplicate repeats',
    params: z.object({ receiptPk: idParam }),
    responses: { 200: receiptReasons },
  }),
  match: endpoint({
    method: 'POST',
    path: 'accounting/receipt/update/match/',
    tags: both,
    summary: 'Match a receipt to a charge (a suggestion, or one picked), attaching its file; or reject a suggested charge for good',
    body: receiptMatchBody,
    responses: { 200: receipt },
  }),
  bulkMatch: endpoint({
    method: 'POST',
    path: 'accounting/receipts/bulk/match/',
    tags: both,
    summary: 'Match several receipts to their charges at once (all or none)',
    body: receiptBulkMatchBody,
    responses: { 200: z.array(receipt) },
  }),
  findMatches: endpoint({
    method: 'POST',
    path: 'accounting/receipt/matches/new/',
    tags: both,
    summary: 'Score the company’s charges for a receipt now and answer the best, as suggestions',
    body: receiptFindMatchesBody,
    responses: { 200: receiptSuggestions },
  }),
  accountantCounters: counters(`${ACCOUNTANT}/counters/`, accountant),
  accountantActive: list(`${ACCOUNTANT}/list/`, accountant, 'Active receipts of a client company'),
  accountantChoices: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/list/choices/`,
    tags: accountant,
    summary: 'What the receipt lists can be filtered by, and the companies a receipt can move to',
    params: pkParams,
    responses: { 200: receiptChoices },
  }),
  accountantCompleted: list(`${ACCOUNTANT}/completed-list/`, accountant, 'Completed receipts'),
  accountantHidden: list(`${ACCOUNTANT}/hidden-list/`, accountant, 'Hidden receipts'),
  accountantZip: zip(`${ACCOUNTANT}/zip/`, 'A zip of the active receipts’ files, streamed'),
  accountantCompletedZip: zip(`${ACCOUNTANT}/completed-zip/`, 'A zip of the completed receipts’ files, streamed'),
  accountantUpdate: update(`${ACCOUNTANT}/update/`, accountant, 'Edit receipts: read fields, note, finished, or move to another company'),
  accountantHide: action(`${ACCOUNTANT}/hide/`, accountant, 'Hide receipts'),
  accountantUnhide: action(`${ACCOUNTANT}/unhide/`, accountant, 'Unhide receipts'),
  accountantBack: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/back/`,
    tags: accountant,
    summary: 'Send completed receipts back to the client’s active list (optional message as a note)',
    params: pkParams,
    body: receiptBackBody,
    responses: { 204: noContent },
  }),
  inbox: endpoint({
    method: 'GET',
    path: 'accounting/accountant/receipts/inbox/',
    tags: accountant,
    summary: 'The firm’s receipts not yet given to a client company',
    query: receiptListQuery,
    responses: { 200: receiptPage },
  }),
  inboxUpdate: endpoint({
    method: 'PATCH',
    path: 'accounting/accountant/receipts/inbox/update/',
    tags: accountant,
    summary: 'Edit receipts of the firm’s inbox, or give them to a client company',
    body: receiptsUpdateBody,
    responses: { 200: z.array(receipt) },
  }),
  clientCounters: counters(`${CLIENT}/counters/`, client),
  clientActive: list(`${CLIENT}/list/`, client, 'The client’s active receipts'),
  clientCompleted: list(`${CLIENT}/completed-list/`, client, 'The client’s completed receipts'),
  clientHidden: list(`${CLIENT}/hidden-list/`, client, 'The client’s hidden receipts'),
  clientUpdate: update(`${CLIENT}/update/`, client, 'Edit receipts: read fields, note, finished'),
  clientHide: action(`${CLIENT}/hide/`, client, 'Hide receipts'),
  clientUnhide: action(`${CLIENT}/unhide/`, client, 'Unhide receipts'),
  address: endpoint({
    method: 'GET',
    path: 'accounting/client/receipts/address/',
    tags: client,
    summary: 'The signed-in client’s personal receipts email addresses',
    responses: { 200: receiptAddresses },
  }),
};
