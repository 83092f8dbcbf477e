import { endpoint, noContent } from '../endpoint.js';
import {
  karbonClientOverrides,
  karbonClientParams,
  karbonClientSettingsView,
  karbonDirectoryPage,
  karbonDirectoryQuery,
  karbonInstance,
  karbonInstanceBody,
  karbonMappingCreateBody,
  karbonMappingList,
  karbonMappingParams,
  karbonMappingRow,
  karbonMappingUpdateBody,
  karbonResyncResult,
  karbonSettings,
  karbonSettingsView,
  karbonWebhookParams,
  karbonWorkTypes,
} from '../karbon.js';
import { karbonSandboxFiled, karbonSandboxView } from '../karbon-sandbox.js';

/** Karbon's path under /api/v1/. */
export const KARBON_PATH = 'integrations/karbon';
const tags = ['karbon'];

const resync = (what: string, summary: string) =>
  endpoint({ method: 'POST', path: `${KARBON_PATH}/${what}/resync/`, tags, summary, responses: { 200: karbonResyncResult } });

/** The firm's practice-management system (firm admins only): the account, what Herd writes there, which Karbon client each company is. */
export const karbonEndpoints = {
  createInstance: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/instance/`,
    tags,
    summary: 'Connect the firm’s Karbon account (its Application ID and Access Key, checked with Karbon)',
    body: karbonInstanceBody,
    responses: { 201: karbonInstance },
  }),
  deleteInstance: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/instance/delete/`,
    tags,
    summary: 'Disconnect Karbon: its webhooks are cancelled and its keys forgotten',
    responses: { 204: noContent },
  }),
  /** Only while the sandboxes are on: connects the built-in sandbox Karbon, made for this firm. */
  connectSandbox: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/sandbox/connect/`,
    tags,
    summary: 'Sandbox: connect the built-in sandbox Karbon',
    responses: { 201: karbonInstance },
  }),
  /** Only while the firm is connected to the sandbox Karbon: what Herd wrote there, and what was filed on its clients. */
  sandboxView: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/sandbox/view/`,
    tags,
    summary: 'Sandbox: the clients Herd linked in the firm’s sandbox Karbon, the notes and work items Herd wrote there, the files filed on each',
    responses: { 200: karbonSandboxView },
  }),
  /** Multipart (`client_company`, then one `file`), read by the handler itself, so no body schema. */
  sandboxFile: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/sandbox/files/`,
    tags,
    summary: 'Sandbox: file a document on a linked client in the sandbox Karbon, as someone at the firm would in Karbon (multipart `client_company`, `file`)',
    responses: { 201: karbonSandboxFiled },
  }),
  settings: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/settings/`,
    tags,
    summary: 'The Karbon connection and what Herd writes there',
    responses: { 200: karbonSettingsView },
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: `${KARBON_PATH}/settings/update/`,
    tags,
    summary: 'What Herd writes to Karbon, firm-wide',
    body: karbonSettings,
    responses: { 200: karbonSettingsView },
  }),
  clientSettings: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/settings/{client_pk}/`,
    tags,
    summary: 'A client company’s own Karbon choices',
    params: karbonClientParams,
    responses: { 200: karbonClientSettingsView },
  }),
  updateClientSettings: endpoint({
    method: 'PATCH',
    path: `${KARBON_PATH}/settings/{client_pk}/update/`,
    tags,
    summary: 'A client company’s own Karbon choices (null follows the firm’s)',
    params: karbonClientParams,
    body: karbonClientOverrides,
    responses: { 200: karbonClientSettingsView },
  }),
  organizations: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/organizations/list/`,
    tags,
    summary: 'Karbon’s organizations and contacts, as last read',
    query: karbonDirectoryQuery,
    responses: { 200: karbonDirectoryPage },
  }),
  mappings: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/organizations/mappings/`,
    tags,
    summary: 'Each client company and its Karbon client, with suggestions by name and email',
    responses: { 200: karbonMappingList },
  }),
  createMapping: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/organizations/mappings/`,
    tags,
    summary: 'Link a client company to a Karbon organization or contact',
    body: karbonMappingCreateBody,
    responses: { 201: karbonMappingRow },
  }),
  updateMapping: endpoint({
    method: 'PATCH',
    path: `${KARBON_PATH}/organizations/mappings/{client_company}/update/`,
    tags,
    summary: 'Link a client company to another Karbon client, or unlink it (null)',
    params: karbonMappingParams,
    body: karbonMappingUpdateBody,
    responses: { 200: karbonMappingRow },
  }),
  workTypes: endpoint({
    method: 'GET',
    path: `${KARBON_PATH}/worktypes/list/`,
    tags,
    summary: 'Karbon’s work types, work statuses and users, as last read',
    responses: { 200: karbonWorkTypes },
  }),
  resyncWorkTypes: resync('worktypes', 'Read Karbon’s work types again'),
  resyncOrganizations: resync('organizations', 'Read Karbon’s organizations and contacts again'),
  resyncWorkStatuses: resync('workstatuses', 'Read Karbon’s work statuses again'),
  resyncUsers: resync('users', 'Read Karbon’s users again (matched to the firm’s people by email)'),
  /** Karbon's deliveries: the path carries the firm's secret token; the body is checked before anything is read. */
  webhook: endpoint({
    method: 'POST',
    path: `${KARBON_PATH}/webhooks/{token}/`,
    tags,
    summary: 'Karbon’s webhook deliveries (the secret path token Herd made, and the signature)',
    params: karbonWebhookParams,
    responses: { 200: noContent },
    whileReadOnly: true,
  }),
};
