import { endpoint } from '../endpoint.js';
import { qboAuthorizeResponse, qboCompanyQuery, qboProfile, qboSyncClientBody } from '../quickbooks.js';
import { syncRequestResult } from '../transactions.js';

/**
 * The endpoints every OAuth ledger has under its own path, the same for all:
 * reconnect, profile, sync now (`<prefix>/reauth/`, …). Each ledger's group
 * spreads them in with its path and name.
 */
export const ledgerConnectionEndpoints = (prefix: string, name: string, tags: readonly string[]) => ({
  reauth: endpoint({
    method: 'GET',
    path: `${prefix}/reauth/`,
    tags,
    summary: `Reconnect a company whose ${name} grant was refused`,
    query: qboCompanyQuery,
    responses: { 200: qboAuthorizeResponse },
    startsChange: true,
  }),
  profile: endpoint({
    method: 'GET',
    path: `${prefix}/profile/`,
    tags,
    summary: `A company’s ${name} connection and where its sync stands`,
    query: qboCompanyQuery,
    responses: { 200: qboProfile },
  }),
  syncClient: endpoint({
    method: 'POST',
    path: `${prefix}/sync-client/`,
    tags,
    summary: `Pull what changed in ${name} now`,
    body: qboSyncClientBody,
    responses: { 202: syncRequestResult },
  }),
});

export type LedgerConnectionEndpoints = ReturnType<typeof ledgerConnectionEndpoints>;
