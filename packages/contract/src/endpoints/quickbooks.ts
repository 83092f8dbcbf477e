import { z } from 'zod';
import { endpoint, noContent } from '../endpoint.js';
import { qboAuthorizeResponse, qboOAuthQuery } from '../quickbooks.js';
import { ledgerConnectionEndpoints } from './ledgers.js';

/** QuickBooks' own path under /api/v1/ (its OAuth nonce cookie is kept on it). */
export const QUICKBOOKS_PATH = 'quickbooks';
const tags = ['quickbooks'];

/** Intuit's OAuth paths answer both ways: without `state`, where to send the browser (200); as Intuit's callback, back to the app (302). */
const oauthResponses = { 200: qboAuthorizeResponse, 302: noContent };

export const qboWebhookResult = z.object({ received: z.number() });

/** QuickBooks Online's own HTTP (sign-up with Intuit, webhooks) and the reconnect / profile / sync endpoints every ledger has. */
export const quickbooksEndpoints = {
  /** Connect QuickBooks: without `code`, where to send the browser; as Intuit's callback, back to the app. Starting a connection is a change, refused while read-only. */
  connect: endpoint({
    method: 'GET',
    path: `${QUICKBOOKS_PATH}/oauth2/`,
    tags,
    summary: 'Connect QuickBooks: without `code`, where to send the browser; with it, Intuit’s callback',
    query: qboOAuthQuery,
    responses: oauthResponses,
    startsChange: true,
  }),
  ...ledgerConnectionEndpoints(QUICKBOOKS_PATH, 'QuickBooks', tags),
  signup: endpoint({
    method: 'GET',
    path: `${QUICKBOOKS_PATH}/oauth2/signup/`,
    tags,
    summary: 'Sign up a new firm with Intuit: without `code`, where to go; with it, the callback',
    query: qboOAuthQuery,
    responses: oauthResponses,
  }),
  /** Intuit signs it; no person and no firm is behind it, so a lapsed firm's subscription does not stop it. */
  webhook: endpoint({
    method: 'POST',
    path: `${QUICKBOOKS_PATH}/webhooks/`,
    tags,
    summary: 'Intuit’s webhook deliveries (signed with the verifier token)',
    responses: { 200: qboWebhookResult },
    whileReadOnly: true,
  }),
};
