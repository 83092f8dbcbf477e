import { z } from 'zod';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { createRuleBody, learnedPattern, suggestionRule, updateRuleBody } from '../suggestions.js';

const tags = ['rules'];

/** The accountant's rules: those of a company and the firm's, seen from one company. */
export const ruleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/rules/',
    tags,
    summary: 'The company’s rules and the firm’s, as they apply to this company',
    params: pkParams,
    responses: { 200: z.array(suggestionRule) },
  }),
  create: endpoint({
    method: 'POST',
    path: 'accounting/accountant/client-company/{pk}/rules/create/',
    tags,
    summary: 'A rule for this company, or (firm administrators) for every client of the firm',
    params: pkParams,
    body: createRuleBody,
    responses: { 201: suggestionRule },
    idempotent: true,
  }),
  patterns: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/rules/patterns/',
    tags,
    summary: 'What Herd learned from the company’s answers, per merchant: the category it would suggest and how often it was right (the 50 most answered)',
    params: pkParams,
    responses: { 200: z.array(learnedPattern) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/accountant/rules/{pk}/',
    tags,
    summary: 'Turn a rule on or off, its automatic answers, or (firm administrators) their automatic publishing',
    params: pkParams,
    body: updateRuleBody,
    responses: { 200: suggestionRule },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'accounting/accountant/rules/{pk}/',
    tags,
    summary: 'Delete a rule',
    params: pkParams,
    responses: { 204: noContent },
  }),
};
