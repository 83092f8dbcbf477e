import { z } from 'zod';
import { endpoint, noContent, pkParams } from '../endpoint.js';

const tags = ['testing'];

export const outboxQuery = z.object({ to: z.string().min(1) });
export const outboxMessage = z.object({ subject: z.string(), template: z.string(), text: z.string() });
/** The entity as the built-in QuickBooks sandbox holds it, in QuickBooks' own shape. */
export const sandboxEntity = z.record(z.string(), z.unknown());

/**
 * For end-to-end tests only: served only when HERD_E2E_OUTBOX=1, and left out
 * of the API documentation. Never enable them on a real deployment: the outbox
 * hands out sign-in links.
 */
export const testingEndpoints = {
  outbox: endpoint({ method: 'GET', path: 'testing/outbox/', tags, summary: 'The newest email to an address', query: outboxQuery, responses: { 200: outboxMessage } }),
  qboSandboxTransaction: endpoint({
    method: 'GET',
    path: 'testing/qbo-sandbox/transaction/{pk}/',
    tags,
    summary: 'A Herd transaction as the built-in QuickBooks sandbox holds it',
    params: pkParams,
    responses: { 200: sandboxEntity },
  }),
  qboSandboxAttachables: endpoint({
    method: 'GET',
    path: 'testing/qbo-sandbox/transaction/{pk}/attachables/',
    tags,
    summary: 'The files the built-in QuickBooks sandbox holds attached to a Herd transaction',
    params: pkParams,
    responses: { 200: z.array(sandboxEntity) },
  }),
  xeroSandboxTransaction: endpoint({
    method: 'GET',
    path: 'testing/xero-sandbox/transaction/{pk}/',
    tags,
    summary: 'A Herd transaction as the built-in Xero sandbox holds it',
    params: pkParams,
    responses: { 200: sandboxEntity },
  }),
  /** The signed-in firm admin's sandbox Karbon, after sending what is due now (the minute's sweep): its notes. */
  karbonSandboxNotes: endpoint({
    method: 'POST',
    path: 'testing/karbon-sandbox/notes/',
    tags,
    summary: 'Sends what the firm owes its sandbox Karbon now, then lists the notes it holds',
    responses: { 200: z.array(z.object({ subject: z.string(), client_keys: z.array(z.string()) })) },
  }),
  /** The signed-in firm admin's firm: its trial ends now, so it is read-only until it pays (as after 14 days). */
  endTrial: endpoint({
    method: 'POST',
    path: 'testing/end-trial/',
    tags,
    summary: 'End the signed-in firm’s trial now (firm admin)',
    responses: { 204: noContent },
  }),
};
