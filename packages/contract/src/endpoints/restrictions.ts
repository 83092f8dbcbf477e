import { z } from 'zod';
import { idParam } from '../ids.js';
import { endpoint, noContent } from '../endpoint.js';
import {
  bulkPksBody,
  requiredCompanyQuery,
  restriction,
  restrictionBulkCreateBody,
  restrictionCreateBody,
  restrictionListQuery,
  restrictionUpdateBody,
  userWithRestrictions,
} from '../people.js';

const BASE = 'accounting/accountant/user-account-restrictions/';
const tags = ['user account restrictions'];

export const restrictionParams = z.object({ restriction_pk: idParam });

/** Which accounts a client user may see and answer for, per company. */
export const restrictionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    tags,
    summary: 'Restrictions of a client company (optionally one user)',
    query: restrictionListQuery,
    responses: { 200: z.array(restriction) },
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    tags,
    summary: 'Limit a client user to one more account',
    body: restrictionCreateBody,
    responses: { 201: restriction },
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${BASE}{restriction_pk}/`,
    tags,
    summary: 'Change a restriction’s account or kind',
    params: restrictionParams,
    body: restrictionUpdateBody,
    responses: { 200: restriction },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}{restriction_pk}/`,
    tags,
    summary: 'Remove a restriction',
    params: restrictionParams,
    responses: { 204: noContent },
  }),
  bulkCreate: endpoint({
    method: 'POST',
    path: `${BASE}bulk-create/`,
    tags,
    summary: 'Limit a client user to several accounts at once (existing ones are kept)',
    body: restrictionBulkCreateBody,
    responses: { 201: z.array(restriction) },
  }),
  bulkDelete: endpoint({ method: 'POST', path: `${BASE}bulk-delete/`, tags, summary: 'Remove several restrictions', body: bulkPksBody, responses: { 204: noContent } }),
  usersWithRestrictions: endpoint({
    method: 'GET',
    path: 'accounting/accountant/users-with-restrictions/',
    tags,
    summary: 'Client users of a company who have restrictions, with them',
    query: requiredCompanyQuery,
    responses: { 200: z.array(userWithRestrictions) },
  }),
};
