import { z } from 'zod';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { clientCompanyQuery, clientCoworkerInviteBody, clientSideCompany, companyUser, myAccountant, requiredCompanyQuery } from '../people.js';

const tags = ['client side'];
const COWORKERS = 'accounting/client-coworker/';

/** What a client sees of their own companies, and who else of the company has access. */
export const clientSideEndpoints = {
  /** The signed-in client's companies (a firm user gets 403: they view one company as its client instead). */
  ownCompanies: endpoint({
    method: 'GET',
    path: 'accounting/client/companies/list/',
    tags,
    summary: 'The signed-in client’s companies',
    responses: { 200: z.array(clientSideCompany) },
  }),
  ownCompany: endpoint({
    method: 'GET',
    path: 'accounting/client/company/{pk}/retrieve/',
    tags,
    summary: 'One of the client’s companies (or, for an accountant, viewed as its client)',
    params: pkParams,
    responses: { 200: clientSideCompany },
  }),
  myAccountant: endpoint({
    method: 'GET',
    path: 'accounting/my-accountant/',
    tags,
    summary: 'The client’s firm and who to contact there',
    query: clientCompanyQuery,
    responses: { 200: myAccountant },
  }),
  coworkers: endpoint({
    method: 'GET',
    path: COWORKERS,
    tags,
    summary: 'People with access to one of the client’s companies',
    query: requiredCompanyQuery,
    responses: { 200: z.array(companyUser) },
  }),
  inviteCoworker: endpoint({
    method: 'POST',
    path: COWORKERS,
    tags,
    summary: 'Invite a coworker to the client’s company',
    body: clientCoworkerInviteBody,
    responses: { 201: companyUser },
    idempotent: true,
  }),
  removeCoworker: endpoint({
    method: 'DELETE',
    path: `${COWORKERS}{pk}/`,
    tags,
    summary: 'Remove a coworker from the client’s company',
    params: pkParams,
    query: requiredCompanyQuery,
    responses: { 204: noContent },
  }),
};
