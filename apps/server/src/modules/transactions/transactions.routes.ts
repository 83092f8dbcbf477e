import type { FastifyPluginAsync } from 'fastify';
import { transactionEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { countsPerCompany } from './company-counts.js';
import { transactionHistory } from './history.js';
import { deleteLine } from './line-delete.js';
import { applySamePayee, samePayee } from './same-payee.js';
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
  clientCompanyCounters,
  type LISTS,
} from './transactions.service.js';

/** The categorization loop's routes, as the contract's route table declares them. */
export const transactionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  const { db } = deps;

  const lists: (keyof typeof LISTS)[] = ['accountantActive', 'accountantCategorized', 'accountantHidden', 'clientActive', 'clientCompleted'];
  for (const list of lists) {
    // The page is built from typed rows; checking it again with zod cost more than the query (BENCHMARKS.md).
    serveEndpoint(app, e[list], (r) => listTransactions(db, r.actor, list, r.params.pk, r.query, r.url), { trustedAnswer: true });
  }
  serveEndpoint(app, e.clientUpdate, (r) => answerTransactions(deps, r.actor, 'client', r.params.pk, r.body.transactions));
  serveEndpoint(app, e.clientSamePayee, (r) => samePayee(db, r.actor, r.params.pk, r.params.transactionPk));
  serveEndpoint(app, e.clientSamePayeeApply, (r) => applySamePayee(deps, r.actor, r.params.pk, r.params.transactionPk, r.body.pks));
  serveEndpoint(app, e.accountantUpdate, (r) => answerTransactions(deps, r.actor, 'accountant', r.params.pk, r.body.transactions));
  serveEndpoint(app, e.accountantCounters, (r) => transactionCounters(db, r.actor, r.params.pk));
  serveEndpoint(app, e.clientCounters, (r) => clientCompanyCounters(db, r.actor, r.params.pk));
  serveEndpoint(app, e.hide, (r) => hideTransactions(db, r.actor, r.params.pk, r.body.pks, true));
  serveEndpoint(app, e.unhide, (r) => hideTransactions(db, r.actor, r.params.pk, r.body.pks, false));
  serveEndpoint(app, e.publish, (r) => publish(deps, r.actor, r.params.pk, r.body.pks));
  serveEndpoint(app, e.resync, async (r, reply) => queuedIs202(reply, await resync(deps, r.actor, r.params.pk, r.body.pks)));
  serveEndpoint(app, e.syncMissing, async (r, reply) => queuedIs202(reply, await pull(deps, r.actor, r.params.pk, 'MISSING')));
  serveEndpoint(app, e.fullyResync, async (r, reply) => queuedIs202(reply, await pull(deps, r.actor, r.params.pk, 'FULL')));
  serveEndpoint(app, e.companyCounts, (r) => countsPerCompany(db, r.actor));
  serveEndpoint(app, e.choices, (r) => filterChoices(db, r.actor, r.params.pk));
  serveEndpoint(app, e.split, (r) => splitTransaction(deps, r.actor, r.params.pk, r.body));
  serveEndpoint(app, e.lineDelete, (r) => deleteLine(db, r.actor, r.params.pk));
  serveEndpoint(app, e.back, (r) => sendTransactionsBack(deps, r.actor, r.params.pk, r.body.pks, r.body.message));
  serveEndpoint(app, e.history, (r) => transactionHistory(db, r.actor, r.params.pk, r.params.transactionPk));
  serveEndpoint(app, e.clearErrors, (r) => clearTransactionErrors(db, r.actor, r.params.pk, r.body.pks));
};

/** A sync handed to a background job answers 202 Accepted; one with nothing to do, 200. */
const queuedIs202 = <T extends { queued: boolean }>(reply: { status(code: number): unknown }, result: T) => {
  if (result.queued) reply.status(202);
  return result;
};
