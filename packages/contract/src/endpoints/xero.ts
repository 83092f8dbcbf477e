import { endpoint, noContent } from '../endpoint.js';
import { qboAuthorizeResponse } from '../quickbooks.js';
import { transactionPkParams } from '../transactions.js';
import { xeroAttachmentsResponse, xeroGrantQuery, xeroOAuthQuery, xeroPendingGrant, xeroSelectClientBody, xeroSelectClientResult } from '../xero.js';
import { ledgerConnectionEndpoints } from './ledgers.js';

/** Xero's own path under /api/v1/ (its OAuth nonce cookie is kept on it). */
export const XERO_PATH = 'xero';
const tags = ['xero'];

/** Xero's OAuth paths answer both ways: without `state`, where to send the browser (200); as Xero's callback, back to the app (302). */
const oauthResponses = { 200: qboAuthorizeResponse, 302: noContent };

/** Xero's own HTTP (connect, sign in and sign up with Xero, choosing organisations, webhooks) and the reconnect / profile / sync endpoints every ledger has. */
export const xeroEndpoints = {
  /**
   * Connect Xero: without `code`, where to send the browser; as Xero's callback (the one address
   * registered with Xero, for connecting, reconnecting, signing in and signing up), back to the app.
   */
  connect: endpoint({
    method: 'GET',
    path: `${XERO_PATH}/oauth2/`,
    tags,
    summary: 'Connect Xero: without `code`, where to send the browser; with it, Xero’s callback',
    query: xeroOAuthQuery,
    responses: oauthResponses,
    startsChange: true,
  }),
  ...ledgerConnectionEndpoints(XERO_PATH, 'Xero', tags),
  /** Sign in with Xero (signed out): a Herd user linked by Xero user id, or by the email Xero vouches for. */
  signin: endpoint({
    method: 'GET',
    path: `${XERO_PATH}/oauth2/signin/`,
    tags,
    summary: 'Sign in with Xero: where to send the browser',
    responses: { 200: qboAuthorizeResponse },
  }),
  signup: endpoint({
    method: 'GET',
    path: `${XERO_PATH}/oauth2/signup/`,
    tags,
    summary: 'Sign up a new firm with Xero: where to send the browser',
    responses: { 200: qboAuthorizeResponse },
  }),
  pendingGrant: endpoint({
    method: 'GET',
    path: `${XERO_PATH}/select-client/`,
    tags,
    summary: 'The organisations one Xero consent granted, waiting to be placed',
    query: xeroGrantQuery,
    responses: { 200: xeroPendingGrant },
  }),
  selectClient: endpoint({
    method: 'POST',
    path: `${XERO_PATH}/select-client/`,
    tags,
    summary: 'Place each organisation of a Xero consent: a new client company, or linked to one the firm has',
    body: xeroSelectClientBody,
    responses: { 200: xeroSelectClientResult },
  }),
  /** Xero signs each delivery; no person and no firm is behind it, so a lapsed firm's subscription does not stop it. */
  webhook: endpoint({
    method: 'POST',
    path: `${XERO_PATH}/webhooks/`,
    tags,
    summary: 'Xero’s webhook deliveries and its Intent to Receive (signed with the webhook key)',
    // Xero wants an empty answer: 200 taken, 401 refused signature (which Intent to Receive checks).
    responses: { 200: noContent },
    whileReadOnly: true,
  }),
  /** The files Xero already holds on a client's transaction, so the client does not send them again. */
  clientAttachments: endpoint({
    method: 'GET',
    path: 'accounting/client/transaction/{transactionPk}/xero-attachments/',
    tags,
    summary: 'The files Xero holds on a transaction of the client',
    params: transactionPkParams,
    responses: { 200: xeroAttachmentsResponse },
  }),
};
