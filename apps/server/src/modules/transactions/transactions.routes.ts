import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backBody,
  companyTransactionCounts,
  splitBody,
  syncRequestResult,
  transactionChoices as transactionChoicesSchema,
  paginated,
  pksBody,
  publishResult,
  transaction,
  transactionCounters,
  transactionListQuery,
  transactionsUpdateBody,
} from '@herd/contract';
import { z } from 'zod';
import { pageLinks } from '../../lib/pagination.js';
import { requireActor } from '../../plugins/auth.js';
import { requestPull, resyncTransactions } from './ledger-sync.js';
import { publishTransactions } from './publish.js';
import { transactionChoices } from './choices.js';
import { countsPerCompany } from './company-counts.js';
import { deleteLine } from './line-delete.js';
import { ACTIVE_STATUSES, CATEGORIZED_STATUSES, CLIENT_ACTIVE_STATUSES, CLIENT_COMPLETED_STATUSES } from './status.js';
import { countersFor, listPage } from './transactions.read.js';
import { accountantTxScope, clientTxScope } from './transactions.scope.js';
import { applyChanges, clearErrors, sendBack, setHidden } from './transactions.write.js';

const pkParams = z.object({ pk: z.coerce.number().int().positive() });
const ACCOUNTANT = '/accounting/accountant/client-company/:pk/transactions';
const CLIENT = '/accounting/client/company/:pk/transactions';
/** `count_capped`: there are more than `count` rows (counts stop at COUNT_CAP). */
const page = paginated(transaction).extend({ count_capped: z.boolean() });

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;
  const ledgerDeps = app.deps;

  const lists = [
    { path: `${ACCOUNTANT}/list/`, side: 'accountant', statuses: ACTIVE_STATUSES, hidden: false, summary: 'Active: waiting for the client' },
    { path: `${ACCOUNTANT}/categorized-list/`, side: 'accountant', statuses: CATEGORIZED_STATUSES, hidden: false, summary: 'Categorized: to review and publish' },
    { path: `${ACCOUNTANT}/hidden-list/`, side: 'accountant', statuses: [...ACTIVE_STATUSES, ...CATEGORIZED_STATUSES, 'CANCELLED'], hidden: true, summary: 'Hidden' },
    { path: `${CLIENT}/list/`, side: 'client', statuses: CLIENT_ACTIVE_STATUSES, hidden: false, summary: 'What waits for the client' },
    { path: `${CLIENT}/completed-list/`, side: 'client', statuses: CLIENT_COMPLETED_STATUSES, hidden: false, summary: 'What the client has answered' },
  ] as const;

  for (const list of lists) {
    app.get(
      list.path,
      {
        schema: { tags: [`transactions (${list.side})`], summary: list.summary, params: pkParams, querystring: transactionListQuery, response: { 200: page } },
        // The page is built from typed rows; checking it again with zod cost more than the query (BENCHMARKS.md).
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const scope = await (list.side === 'client' ? clientTxScope : accountantTxScope)(db, request.actor, request.params.pk);
        const { count, capped, results } = await listPage(db, scope, { statuses: list.statuses, hidden: list.hidden }, request.query);
        // Past the cap there may be more pages than the count shows: a full page means there is a next one.
        const hasMore = capped && results.length === request.query.page_size;
        return { count, count_capped: capped, ...pageLinks(request.url, request.query.page, request.query.page_size, count, hasMore), results };
      },
    );
  }

  app.patch(
    `${CLIENT}/update/`,
    { schema: { tags: ['transactions (client)'], summary: 'Categorize: lines, memo, done (one or many)', params: pkParams, body: transactionsUpdateBody, response: { 200: z.array(transaction) } } },
    async (request) => applyChanges(db, await clientTxScope(db, request.actor, request.params.pk), request.body.transactions),
  );
  app.patch(
    `${ACCOUNTANT}/update/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Edit or approve the client’s answers (one or many)', params: pkParams, body: transactionsUpdateBody, response: { 200: z.array(transaction) } } },
    async (request) => applyChanges(db, await accountantTxScope(db, request.actor, request.params.pk), request.body.transactions),
  );

  app.get(
    '/accounting/accountant/client-company/:pk/counters/',
    { schema: { tags: ['transactions (accountant)'], summary: 'How many transactions each list holds', params: pkParams, response: { 200: transactionCounters } } },
    async (request) => countersFor(db, await accountantTxScope(db, request.actor, request.params.pk)),
  );
  app.get(
    '/accounting/client/company/:pk/counters/',
    { schema: { tags: ['transactions (client)'], summary: 'How many transactions wait for the client', params: pkParams, response: { 200: transactionCounters } } },
    async (request) => countersFor(db, await clientTxScope(db, request.actor, request.params.pk)),
  );

  const actions = [
    { name: 'hide', summary: 'Hide', run: (scope: Awaited<ReturnType<typeof accountantTxScope>>, pks: number[]) => setHidden(db, scope, pks, true) },
    { name: 'unhide', summary: 'Unhide', run: (scope: Awaited<ReturnType<typeof accountantTxScope>>, pks: number[]) => setHidden(db, scope, pks, false) },
  ] as const;
  for (const action of actions) {
    app.post(
      `${ACCOUNTANT}/${action.name}/`,
      { schema: { tags: ['transactions (accountant)'], summary: action.summary, params: pkParams, body: pksBody } },
      async (request, reply) => {
        await action.run(await accountantTxScope(db, request.actor, request.params.pk), request.body.pks);
        return reply.status(204).send();
      },
    );
  }
  app.post(
    `${ACCOUNTANT}/publish/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Publish to the ledger', params: pkParams, body: pksBody, response: { 200: publishResult } } },
    async (request) => publishTransactions(ledgerDeps, await accountantTxScope(db, request.actor, request.params.pk), request.body.pks),
  );
  app.post(
    `${ACCOUNTANT}/resync/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Read these transactions again from the ledger', params: pkParams, body: pksBody, response: { 200: syncRequestResult, 202: syncRequestResult } } },
    async (request, reply) => {
      const result = await resyncTransactions(ledgerDeps, await accountantTxScope(db, request.actor, request.params.pk), request.body.pks);
      return reply.status(result.queued ? 202 : 200).send(result);
    },
  );
  const pulls = [
    { name: 'sync-missing', mode: 'MISSING', summary: 'Pull the ledger’s transactions Herd does not have yet' },
    { name: 'fully-resync', mode: 'FULL', summary: 'Pull every transaction since the sync date again' },
  ] as const;
  for (const pull of pulls) {
    app.post(
      `${ACCOUNTANT}/${pull.name}/`,
      { schema: { tags: ['transactions (accountant)'], summary: pull.summary, params: pkParams, response: { 200: syncRequestResult, 202: syncRequestResult } } },
      async (request, reply) => {
        const result = await requestPull(ledgerDeps, await accountantTxScope(db, request.actor, request.params.pk), pull.mode);
        return reply.status(result.queued ? 202 : 200).send(result);
      },
    );
  }
  app.get(
    '/accounting/accountant/client-companies/transactions/count/',
    { schema: { tags: ['transactions (accountant)'], summary: 'Open work per client company', response: { 200: companyTransactionCounts } } },
    async (request) => countsPerCompany(db, request.actor),
  );
  app.get(
    `${ACCOUNTANT}/choices/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Options for the filter bar', params: pkParams, response: { 200: transactionChoicesSchema } } },
    async (request) => transactionChoices(db, await accountantTxScope(db, request.actor, request.params.pk)),
  );
  app.post(
    `${ACCOUNTANT}/split/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Split into lines that add up to the total', params: pkParams, body: splitBody, response: { 200: transaction } } },
    async (request) => {
      const [result] = await applyChanges(db, await accountantTxScope(db, request.actor, request.params.pk), [request.body]);
      return result!;
    },
  );
  app.post(
    '/accounting/client/transaction-line/:pk/delete/',
    { schema: { tags: ['transactions (client)'], summary: 'Remove a line of a split (its amount returns to the first line)', params: pkParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteLine(db, request.actor, request.params.pk);
      return reply.status(204).send(null);
    },
  );
  app.post(
    `${ACCOUNTANT}/back/`,
    { schema: { tags: ['transactions (accountant)'], summary: 'Send back to the client, with a message', params: pkParams, body: backBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await sendBack(db, await accountantTxScope(db, request.actor, request.params.pk), request.body.pks, request.body.message);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/accounting/accountant/client-company/:pk/transaction/errors/clear/',
    { schema: { tags: ['transactions (accountant)'], summary: 'Clear sync errors', params: pkParams, body: pksBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await clearErrors(db, await accountantTxScope(db, request.actor, request.params.pk), request.body.pks);
      return reply.status(204).send(null);
    },
  );
};
