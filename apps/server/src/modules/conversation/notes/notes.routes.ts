import type { FastifyPluginAsync } from 'fastify';
import { noteEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import type { ThreadKind } from './note-targets.service.js';
import { listMentionable } from './note-mentions.service.js';
import { pinNote } from './note-pins.service.js';
import { addNote, addNoteToCommunications, addNoteToReceipts, addNoteToTransactions, editNote, listThread } from './notes.service.js';

/** Each kind of thread and its three routes in the table. */
const THREADS = [
  ['transaction', e.transactionList, e.transactionCreate, e.transactionUpdate],
  ['receipt', e.receiptList, e.receiptCreate, e.receiptUpdate],
  ['communication', e.communicationList, e.communicationCreate, e.communicationUpdate],
  ['client-company', e.clientCompanyList, e.clientCompanyCreate, e.clientCompanyUpdate],
  ['accountant-company', e.accountantCompanyList, e.accountantCompanyCreate, e.accountantCompanyUpdate],
] as const satisfies readonly (readonly [ThreadKind, ...unknown[]])[];

/** Note threads, as the contract's route table declares them. */
export const noteRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  for (const [kind, list, create, update] of THREADS) {
    serveEndpoint(app, list, (r) => listThread(deps, r.actor, { kind, targetPk: r.params.pk }));
    serveEndpoint(app, create, (r) => addNote(deps, r.actor, { kind, targetPk: r.params.pk, ...r.body }));
    serveEndpoint(app, update, (r) => editNote(deps, r.actor, { kind, notePk: r.params.messagePk, ...r.body }));
  }
  serveEndpoint(app, e.mentionable, (r) => listMentionable(deps, r.actor, { companyPk: r.query.client_company }));
  serveEndpoint(app, e.clientCompanyPin, (r) => pinNote(deps, r.actor, { notePk: r.params.messagePk, pin: true }));
  serveEndpoint(app, e.clientCompanyUnpin, (r) => pinNote(deps, r.actor, { notePk: r.params.messagePk, pin: false }));
  serveEndpoint(app, e.communicationsCreate, (r) => addNoteToCommunications(deps, r.actor, { companyPk: r.body.client_company, pks: r.body.pks, body: r.body.body }));
  serveEndpoint(app, e.receiptsCreate, (r) => addNoteToReceipts(deps, r.actor, { companyPk: r.body.client_company, pks: r.body.pks, body: r.body.body }));
  serveEndpoint(app, e.transactionsCreate, (r) => addNoteToTransactions(deps, r.actor, { companyPk: r.body.client_company, pks: r.body.pks, body: r.body.body }));
};
