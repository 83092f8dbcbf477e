import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountOption,
  accountTypesResponse,
  categoryCreateBody,
  herdAccountsBody,
  refCreateBody,
  selectOption,
  selectQuery,
  type RefKind,
} from '@herd/contract';
import { z } from 'zod';
import { isFirmActor } from '../auth/permissions.js';
import { requireActor } from '../../plugins/auth.js';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../../db/client.js';

import {
  accountTypesFor,
  createCategory,
  createRef,
  listAccountOptions,
  listRefOptions,
  listTrackingOptions,
  taxCalculationsFor,
  updateHerdAccounts,
  type AccountSet,
} from './refs.service.js';
import { companyAccess } from '../access/company-access.js';

const pkParams = z.object({ pk: z.coerce.number().int().positive() });
const tags = ['selects'];
const options = z.array(selectOption);

/** Selects serve both sides: the accountant's forms and the client's categorization. */
const anySideScope = (db: Db, actor: Actor, companyPk: number) =>
  isFirmActor(actor) ? companyAccess(db, actor, companyPk, 'accountant') : companyAccess(db, actor, companyPk, 'client');

const filterOf = (q: z.infer<typeof selectQuery>) => ({ search: q.search, limit: q.limit, includeInactive: q.include_inactive === 'true' });

export const refRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  const refSelects: [string, RefKind][] = [
    ['customers', 'CUSTOMER'],
    ['vendors', 'VENDOR'],
    ['classes', 'CLASS'],
    ['locations', 'LOCATION'],
    ['taxes', 'TAX'],
    ['payment_methods', 'PAYMENT_METHOD'],
    ['tracking-categories', 'TRACKING_CATEGORY'],
  ];
  for (const [path, kind] of refSelects) {
    app.get(
      `/accounting/selects/:pk/${path}/list/`,
      { schema: { tags, summary: `${kind.toLowerCase().replace('_', ' ')} options (searchable)`, params: pkParams, querystring: selectQuery, response: { 200: options } } },
      async (request) => {
        const scope = await anySideScope(db, request.actor, request.params.pk);
        return listRefOptions(db, scope, kind, filterOf(request.query));
      },
    );
  }

  app.get(
    '/accounting/selects/:pk/tracking-category/:trackingCategoryPk/options/list/',
    { schema: { tags, summary: 'Options of one tracking category', params: pkParams.extend({ trackingCategoryPk: z.coerce.number().int().positive() }), querystring: selectQuery, response: { 200: options } } },
    async (request) => {
      const scope = await anySideScope(db, request.actor, request.params.pk);
      return listTrackingOptions(db, scope, request.params.trackingCategoryPk, filterOf(request.query));
    },
  );

  app.get(
    '/accounting/selects/:pk/tax-calculations/list/',
    { schema: { tags, summary: 'How line amounts treat tax in this ledger', params: pkParams, response: { 200: options } } },
    async (request) => taxCalculationsFor(await anySideScope(db, request.actor, request.params.pk)),
  );

  for (const system of ['qbo', 'qbd', 'xero'] as const) {
    app.get(
      `/accounting/selects/:pk/${system}/account-types/list/`,
      { schema: { tags, summary: `${system.toUpperCase()} account types and subtypes`, params: pkParams, response: { 200: accountTypesResponse } } },
      async (request) => {
        await anySideScope(db, request.actor, request.params.pk);
        return accountTypesFor(system);
      },
    );
  }

  const accountLists: [string, AccountSet, 'accountant' | 'client'][] = [
    ['/accounting/accountant/client-company/:pk/categories/list/', 'categories', 'accountant'],
    ['/accounting/accountant/client-company/:pk/herd-accounts/list/', 'herd', 'accountant'],
    ['/accounting/client/company/:pk/herd-accounts/list/', 'herd', 'client'],
    ['/accounting/client/company/:pk/payment-accounts/list/', 'payment', 'client'],
    ['/accounting/client/company/:pk/categories/list/', 'categories', 'client'],
  ];
  for (const [path, set, side] of accountLists) {
    app.get(
      path,
      { schema: { tags, summary: `${set} accounts`, params: pkParams, querystring: selectQuery, response: { 200: z.array(accountOption) } } },
      async (request) => {
        const scope = await companyAccess(db, request.actor, request.params.pk, side);
        return listAccountOptions(db, scope, set, filterOf(request.query));
      },
    );
  }
  app.get(
    '/accounting/accountant/client-company/:pk/items/list/',
    { schema: { tags, summary: 'Products and services', params: pkParams, querystring: selectQuery, response: { 200: options } } },
    async (request) => listRefOptions(db, await companyAccess(db, request.actor, request.params.pk, 'accountant'), 'ITEM', filterOf(request.query)),
  );
  app.patch(
    '/accounting/accountant/client-company/:pk/herd-accounts/update/',
    { schema: { tags, summary: 'Choose the watched accounts', params: pkParams, body: herdAccountsBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await updateHerdAccounts(db, await companyAccess(db, request.actor, request.params.pk, 'accountant'), request.body.watched);
      return reply.status(204).send(null);
    },
  );

  for (const [path, kind] of [['vendors', 'VENDOR'], ['customers', 'CUSTOMER']] as const) {
    app.post(
      `/accounting/accountant/client-company/:pk/${path}/create/`,
      { schema: { tags, summary: `Create a ${kind.toLowerCase()}`, params: pkParams, body: refCreateBody, response: { 201: selectOption } } },
      async (request, reply) => reply.status(201).send(await createRef(app.deps, await companyAccess(db, request.actor, request.params.pk, 'accountant'), kind, request.body)),
    );
  }
  app.post(
    '/accounting/accountant/client-company/:pk/categories/create/',
    { schema: { tags, summary: 'Create a category (an account)', params: pkParams, body: categoryCreateBody, response: { 201: accountOption } } },
    async (request, reply) => reply.status(201).send(await createCategory(app.deps, await companyAccess(db, request.actor, request.params.pk, 'accountant'), request.body)),
  );
};
