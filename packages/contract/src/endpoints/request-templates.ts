import { z } from 'zod';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { requestTemplate, requestTemplateCreateBody, requestTemplateUpdateBody } from '../request-templates.js';

const tags = ['request templates'];

/**
 * The firm's request templates. Every firm user lists them (to compose from); FIRM_ADMIN and
 * CLIENT_ADMIN write, change and delete them. Another firm's template answers 404.
 */
export const requestTemplateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'accounting/request-templates/list/',
    tags,
    summary: 'The firm’s request templates, by name',
    responses: { 200: z.array(requestTemplate) },
  }),
  create: endpoint({
    method: 'POST',
    path: 'accounting/request-template/create/',
    tags,
    summary: 'Save a request template: its name (unique in the firm), kind, subject, text and checklist',
    body: requestTemplateCreateBody,
    responses: { 201: requestTemplate },
    idempotent: true,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/request-template/update/{pk}/',
    tags,
    summary: 'Change a request template; requests already sent from it stay as they are',
    params: pkParams,
    body: requestTemplateUpdateBody,
    responses: { 200: requestTemplate },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'accounting/request-template/delete/{pk}/',
    tags,
    summary: 'Delete a request template; requests already sent from it stay',
    params: pkParams,
    responses: { 204: noContent },
  }),
};
