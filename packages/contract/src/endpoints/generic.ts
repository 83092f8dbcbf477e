import { z } from 'zod';
import { idParam } from '../ids.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import {
  genericPublished,
  genericPublishedQuery,
  genericReferenceListsBody,
  genericSyncStatus,
  genericTransactionsBody,
  genericUpsertResult,
  integrationToken,
  tokenCreateBody,
} from '../generic.js';
import { notifyBody } from '../people.js';

/** The bearer-token routes' common path: the CSRF check skips it (no cookie is sent there). */
export const GENERIC_INGEST_PATH = 'generic-client/ingest/';
const TOKENS = 'accounting/accountant/client-company/{pk}/generic/tokens/';
const ingestTags = ['generic ledger API'];
const tags = ['generic ledger'];

export const referenceListsResult = z.object({ accounts: z.number(), refs: z.number() });
export const tokenParams = pkParams.extend({ tokenPk: idParam });

/**
 * The generic ledger: what another system calls with `Authorization: Bearer
 * <token>` (no cookie, so no CSRF; its pushes speak for the ledger, not for a
 * person of the firm, and were never refused for a lapsed subscription), and
 * the accountant's side (API tokens, sync state).
 */
export const genericEndpoints = {
  ingestReferenceLists: endpoint({
    method: 'POST',
    path: `${GENERIC_INGEST_PATH}reference-lists/`,
    tags: ingestTags,
    summary: 'Upsert accounts and reference lists by external id',
    body: genericReferenceListsBody,
    responses: { 200: referenceListsResult },
    whileReadOnly: true,
  }),
  ingestTransactions: endpoint({
    method: 'POST',
    path: `${GENERIC_INGEST_PATH}transactions/`,
    tags: ingestTags,
    summary: 'Upsert transactions by external id (deleted: true cancels)',
    body: genericTransactionsBody,
    responses: { 200: genericUpsertResult },
    whileReadOnly: true,
  }),
  ingestPublished: endpoint({
    method: 'GET',
    path: `${GENERIC_INGEST_PATH}published/`,
    tags: ingestTags,
    summary: 'What Herd published, oldest first; pass next_since back as since',
    query: genericPublishedQuery,
    responses: { 200: genericPublished },
  }),
  tokens: endpoint({
    method: 'GET',
    path: TOKENS,
    tags,
    summary: 'API tokens of a generic-ledger company',
    params: pkParams,
    responses: { 200: z.array(integrationToken) },
  }),
  createToken: endpoint({
    method: 'POST',
    path: TOKENS,
    tags,
    summary: 'Make an API token (shown once)',
    params: pkParams,
    body: tokenCreateBody,
    responses: { 201: integrationToken },
  }),
  revokeToken: endpoint({ method: 'DELETE', path: `${TOKENS}{tokenPk}/`, tags, summary: 'Revoke an API token', params: tokenParams, responses: { 204: noContent } }),
  /** A POST that only reads (the other system pushes; Herd cannot pull), so a lapsed firm may still ask. */
  syncClient: endpoint({
    method: 'POST',
    path: 'generic-client/sync-client/',
    tags,
    summary: 'Sync state of a generic-ledger company (the other system pushes; Herd cannot pull)',
    body: notifyBody,
    responses: { 200: genericSyncStatus },
    whileReadOnly: true,
  }),
};
