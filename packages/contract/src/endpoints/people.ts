import { z } from 'zod';
import { paginated } from '../client-companies.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import {
  clientCompanyQuery,
  clientUser,
  clientUserInviteBody,
  clientUserUpdateBody,
  clientUserListQuery,
  contactsUpdateBody,
  coworker,
  coworkerInviteBody,
  coworkerUpdateBody,
  defaultClientCompanyBody,
  firmMemberSettings,
  tourBody,
  urlResponse,
} from '../people.js';
import { detailResponse } from '../auth.js';

const COWORKERS = 'accounting/accountant-coworker/';
const MEMBER = 'accounting/accountant/accountant-company-user/{pk}';
const CLIENT_USERS = 'accounting/accountant-client-user/';
const coworkers = ['coworkers'];
const clientUsers = ['client users'];

export const coworkerCount = z.object({ count: z.number() });
export const tourParams = pkParams.extend({ name: z.string().max(64) });

/** The firm's team; only a firm admin changes it. A member's own settings (default client, tours) live here too. */
export const coworkerEndpoints = {
  list: endpoint({ method: 'GET', path: COWORKERS, tags: coworkers, summary: 'The firm’s team', responses: { 200: z.array(coworker) } }),
  count: endpoint({ method: 'GET', path: `${COWORKERS}count/`, tags: coworkers, summary: 'How many people the firm has', responses: { 200: coworkerCount } }),
  invite: endpoint({
    method: 'POST',
    path: COWORKERS,
    tags: coworkers,
    summary: 'Invite a coworker (firm admin only)',
    body: coworkerInviteBody,
    responses: { 201: coworker },
    idempotent: true,
  }),
  retrieve: endpoint({ method: 'GET', path: `${COWORKERS}{pk}/`, tags: coworkers, summary: 'One coworker', params: pkParams, responses: { 200: coworker } }),
  resendInvitation: endpoint({
    method: 'POST',
    path: `${COWORKERS}{pk}/resend-invitation/`,
    tags: coworkers,
    summary: 'Email a coworker who has not signed in yet a fresh invitation (firm admin only)',
    params: pkParams,
    responses: { 200: detailResponse },
  }),
  invitationLink: endpoint({
    method: 'POST',
    path: `${COWORKERS}{pk}/invitation-link/`,
    tags: coworkers,
    summary: 'A fresh invitation link of a coworker who has not signed in yet, to pass on by hand (firm admin only)',
    params: pkParams,
    responses: { 200: urlResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${COWORKERS}{pk}/`,
    tags: coworkers,
    summary: 'Change a coworker’s name, phone or role (firm admin only)',
    params: pkParams,
    body: coworkerUpdateBody,
    responses: { 200: coworker },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${COWORKERS}{pk}/`,
    tags: coworkers,
    summary: 'Remove a coworker (firm admin only)',
    params: pkParams,
    responses: { 204: noContent },
  }),
  // A member's own view preferences, not the firm's data: kept while the firm is read-only.
  defaultClientCompany: endpoint({
    method: 'PATCH',
    path: `${MEMBER}/default-client-company/update/`,
    tags: coworkers,
    summary: 'The client a user opens by default (own settings only)',
    params: pkParams,
    body: defaultClientCompanyBody,
    responses: { 200: firmMemberSettings },
    whileReadOnly: true,
  }),
  tour: endpoint({
    method: 'PATCH',
    path: `${MEMBER}/tour/{name}/update/`,
    tags: coworkers,
    summary: 'Mark a product tour done or not (own settings only)',
    params: tourParams,
    body: tourBody,
    responses: { 200: firmMemberSettings },
    whileReadOnly: true,
  }),
};

/** The people of the firm's clients, as the accountant manages them. */
export const clientUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: CLIENT_USERS,
    tags: clientUsers,
    summary: 'Client users of the clients the user can see',
    query: clientUserListQuery,
    responses: { 200: paginated(clientUser) },
  }),
  invite: endpoint({
    method: 'POST',
    path: CLIENT_USERS,
    tags: clientUsers,
    summary: 'Invite a client user to a client company (emails a sign-in link)',
    body: clientUserInviteBody,
    responses: { 201: clientUser },
    idempotent: true,
  }),
  retrieve: endpoint({ method: 'GET', path: `${CLIENT_USERS}{pk}/`, tags: clientUsers, summary: 'One client user', params: pkParams, responses: { 200: clientUser } }),
  update: endpoint({
    method: 'PATCH',
    path: `${CLIENT_USERS}{pk}/`,
    tags: clientUsers,
    summary: 'Update a client user’s name or phone, or mark them never to be texted',
    params: pkParams,
    body: clientUserUpdateBody,
    responses: { 200: clientUser },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${CLIENT_USERS}{pk}/`,
    tags: clientUsers,
    summary: 'Remove access to one client (?client_company=) or to all',
    params: pkParams,
    query: clientCompanyQuery,
    responses: { 204: noContent },
  }),
  contactsUpdate: endpoint({
    method: 'PATCH',
    path: 'users/accountant/user/{pk}/contacts-update/',
    tags: clientUsers,
    summary: 'Correct a client user’s email or phone',
    params: pkParams,
    body: contactsUpdateBody,
    responses: { 200: clientUser },
  }),
};
