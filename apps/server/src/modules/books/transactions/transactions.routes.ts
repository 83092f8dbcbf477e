import type { FastifyPluginAsync } from 'fastify';
import { transactionEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { countsPerCompany } from './company-counts.service.js';
import { transactionHistory } from './history.service.js';
import { deleteLine } from './line-delete.service.js';
import { applySamePayee, samePayee } from './same-payee.service.js';
import {
  answerTransactions,
  clearTransactionErrors,
  filterChoices,
  hideTransactions,
  listTransactions,
  publish,
  pull,
  resync,
  sendTransactionsBack,
  splitTransaction,
  transactionCounters,
  type LISTS,
} from './transactions.service.js';

/** The categorization loop's routes, as the contract's route table declares them. */
export const transactionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  const lists: (keyof typeof LISTS)[] = ['accountantActive', 'accountantCategorized', 'accountantHidden', 'clientActive', 'clientCompleted'];
  for (const list of lists) {
    // The page is built from typed rows; checking it again with zod cost more than the query (BENCHMARKS.md).
    serveEndpoint(app, e[list], (r) => listTransactions(deps, r.actor, { list, companyPk: r.params.pk, query: r.query, url: r.url }), { trustedAnswer: true });
  }
  serveEndpoint(app, e.clientUpdate, (r) => answerTransactions(deps, r.actor, { side: 'client', companyPk: r.params.pk, changes: r.body.transactions }));
  serveEndpoint(app, e.clientSamePayee, (r) => samePayee(deps, r.actor, { companyPk: r.params.pk, transactionPk: r.params.transactionPk }));
  serveEndpoint(app, e.clientSamePayeeApply, (r) => applySamePayee(deps, r.actor, { companyPk: r.params.pk, transactionPk: r.params.transactionPk, pks: r.body.pks }));
  serveEndpoint(app, e.accountantUpdate, (r) => answerTransactions(deps, r.actor, { side: 'accountant', companyPk: r.params.pk, changes: r.body.transactions }));
  serveEndpoint(app, e.accountantCounters, (r) => transactionCounters(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.hide, (r) => hideTransactions(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: true }));
  serveEndpoint(app, e.unhide, (r) => hideTransactions(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: false }));
  serveEndpoint(app, e.publish, (r) => publish(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks }));
  serveEndpoint(app, e.resync, async (r, reply) => queuedIs202(reply, await resync(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks })));
  serveEndpoint(app, e.syncMissing, async (r, reply) => queuedIs202(reply, await pull(deps, r.actor, { companyPk: r.params.pk, mode: 'MISSING' })));
  serveEndpoint(app, e.fullyResync, async (r, reply) => queuedIs202(reply, await pull(deps, r.actor, { companyPk: r.params.pk, mode: 'FULL' })));
  serveEndpoint(app, e.companyCounts, (r) => countsPerCompany(deps, r.actor, { companyPks: r.query.client_companies }));
  serveEndpoint(app, e.choices, (r) => filterChoices(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.split, (r) => splitTransaction(deps, r.actor, { companyPk: r.params.pk, split: r.body }));
  serveEndpoint(app, e.lineDelete, (r) => deleteLine(deps, r.actor, { linePk: r.params.pk }));
  serveEndpoint(app, e.back, (r) => sendTransactionsBack(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, message: r.body.message }));
  serveEndpoint(app, e.history, (r) => transactionHistory(deps, r.actor, { companyPk: r.params.pk, transactionPk: r.params.transactionPk }));
  serveEndpoint(app, e.clearErrors, (r) => clearTransactionErrors(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks }));
};

/** A sync handed to a background job answers 202 Accepted; one with nothing to do, 200. */
const queuedIs202 = <T extends { queued: boolean }>(reply: { status(code: number): unknown }, result: T) => {
  if (result.queued) reply.status(202);
  return result;
};
