import { z } from 'zod';
import { paginated } from '../client-companies.js';
import { w9Reveal } from '../communication-w9.js';
import {
  clientCommunicationCounters,
  clientCompletedCommunicationsQuery,
  communication,
  communicationBackBody,
  communicationChoices,
  communicationCounters,
  communicationCreateBody,
  communicationListQuery,
  communicationPksBody,
  communicationsAccountantUpdateBody,
  communicationsClientUpdateBody,
} from '../communications.js';
import { detailResponse } from '../auth.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';

const ACCOUNTANT = 'accounting/accountant/client-company/{pk}/communications';
const CLIENT = 'accounting/client/company/{pk}/communications';
const accountant = ['communications (accountant)'];
const client = ['communications (client)'];
const both = ['communications'];

export const communicationPage = paginated(communication);

const list = (path: string, tags: string[], summary: string) =>
  endpoint({ method: 'GET', path, tags, summary, params: pkParams, query: communicationListQuery, responses: { 200: communicationPage } });
const action = (path: string, summary: string, tags = accountant) =>
  endpoint({ method: 'POST', path, tags, summary, params: pkParams, body: communicationPksBody, responses: { 204: noContent } });

/** Requests ("communications"): both sides' lists and actions, creating and deleting one, and a W-9's TIN for the accountant. */
export const communicationEndpoints = {
  choices: endpoint({
    method: 'GET',
    path: 'accounting/communications/choices/',
    tags: both,
    summary: 'The kinds, statuses, item answer kinds and W-9 choices',
    responses: { 200: communicationChoices },
  }),
  create: endpoint({
    method: 'POST',
    path: 'accounting/communication/create/',
    tags: both,
    summary: 'Write a communication to a client company (staff), or to the firm (a client: NOTICE or REPORT)',
    body: communicationCreateBody,
    responses: { 201: communication },
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: 'accounting/communication/{pk}/delete/',
    tags: accountant,
    summary: 'Delete a communication nobody answered; one with answers is cancelled instead (kept with its answers)',
    params: pkParams,
    responses: { 200: z.object({ outcome: z.enum(['deleted', 'cancelled']) }) },
  }),
  revealTin: endpoint({
    method: 'GET',
    path: 'accounting/communication/{pk}/w9/tin/',
    tags: accountant,
    summary: 'The whole TIN of a W-9 (staff only; each reveal is written to the audit log)',
    params: pkParams,
    responses: { 200: w9Reveal },
  }),
  accountantCounters: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/counters/`,
    tags: accountant,
    summary: 'How many communications each list holds',
    params: pkParams,
    responses: { 200: communicationCounters },
  }),
  accountantActive: list(`${ACCOUNTANT}/list/`, accountant, 'Open communications of a client company'),
  accountantCompleted: list(`${ACCOUNTANT}/completed-list/`, accountant, 'Finished and cancelled communications'),
  accountantHidden: list(`${ACCOUNTANT}/hidden-list/`, accountant, 'Hidden communications'),
  accountantUpdate: endpoint({
    method: 'PATCH',
    path: `${ACCOUNTANT}/update/`,
    tags: accountant,
    summary: 'Edit communications (subject, text, due date) or move them: accept, reopen, cancel',
    params: pkParams,
    body: communicationsAccountantUpdateBody,
    responses: { 200: z.array(communication) },
  }),
  accountantHide: action(`${ACCOUNTANT}/hide/`, 'Hide communications'),
  accountantUnhide: action(`${ACCOUNTANT}/unhide/`, 'Unhide communications'),
  accountantBack: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/back/`,
    tags: accountant,
    summary: 'Send answered communications back to the client (optional message as a note)',
    params: pkParams,
    body: communicationBackBody,
    responses: { 204: noContent },
  }),
  accountantClearErrors: action(`${ACCOUNTANT}/errors/clear/`, 'Clear the sync error of communications (each returns to where it stood)'),
  clientCounters: endpoint({
    method: 'GET',
    path: `${CLIENT}/counters/`,
    tags: client,
    summary: 'How many communications each of the client’s lists holds',
    params: pkParams,
    responses: { 200: clientCommunicationCounters },
  }),
  clientActive: list(`${CLIENT}/list/`, client, 'The client’s open communications'),
  clientCompleted: endpoint({
    method: 'GET',
    path: `${CLIENT}/completed-list/`,
    tags: client,
    summary: 'The client’s finished and cancelled communications (`hidden=true`: those their side took off this list)',
    params: pkParams,
    query: clientCompletedCommunicationsQuery,
    responses: { 200: communicationPage },
  }),
  clientUpdate: endpoint({
    method: 'PATCH',
    path: `${CLIENT}/update/`,
    tags: client,
    summary: 'Answer communications: checklist items, acknowledgements (with a question), W-9s',
    params: pkParams,
    body: communicationsClientUpdateBody,
    responses: { 200: z.array(communication) },
  }),
  clientHide: action(`${CLIENT}/hide/`, 'Take finished or cancelled communications off the client’s own lists (the firm’s are not touched)', client),
  clientUnhide: action(`${CLIENT}/unhide/`, 'Put communications the client’s side hid back on their lists', client),
  clientBack: action(`${CLIENT}/back/`, 'Take back answers the accountant has not accepted yet, to change them (each waits on the client again)', client),
  clientClearErrors: endpoint({
    method: 'POST',
    path: `${CLIENT}/errors/clear/`,
    tags: client,
    summary: 'Always refused: a sync error is the firm’s to clear (403 with a `detail` saying so; another company’s is 404)',
    params: pkParams,
    body: communicationPksBody,
    responses: { 403: detailResponse },
  }),
};
