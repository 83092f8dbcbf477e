import type { FastifyPluginAsync } from 'fastify';
import { communicationEndpoints as e } from '@herd/contract';
import { createSecretBox } from '../../lib/secret-box.js';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { updateCommunicationsAsAccountant } from './communication-accountant-update.js';
import { answerCommunications } from './communication-answer.js';
import { revealTin } from './communication-w9.js';
import { createCommunicationFor, deleteOrCancelCommunication } from './communication-write.service.js';
import {
  clearCommunicationErrors,
  clientCommunicationCounters,
  communicationChoices,
  communicationCounters,
  listCompanyCommunications,
  sendCommunicationsBack,
  setCommunicationsHidden,
} from './communications.service.js';

/** Communications (requests), as the contract's route table declares them. */
export const communicationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  // Answers hold people's words and a W-9's TIN (whole, in the reveal): no browser or proxy keeps a copy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  const { db, config } = app.deps;
  // W-9 TINs are sealed with the app's secret, as ledger tokens are.
  const box = createSecretBox(config.secretKey);

  serveEndpoint(app, e.choices, () => communicationChoices());
  serveEndpoint(app, e.create, (r) => createCommunicationFor(app.deps, r.actor, r.body));
  serveEndpoint(app, e.delete, (r) => deleteOrCancelCommunication(db, r.actor, r.params.pk));
  serveEndpoint(app, e.revealTin, (r) => revealTin(db, box, r.actor, r.params.pk));

  serveEndpoint(app, e.accountantCounters, (r) => communicationCounters(db, r.actor, r.params.pk));
  serveEndpoint(app, e.accountantActive, (r) => listCompanyCommunications(db, r.actor, 'accountant', 'active', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantCompleted, (r) => listCompanyCommunications(db, r.actor, 'accountant', 'completed', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantHidden, (r) => listCompanyCommunications(db, r.actor, 'accountant', 'hidden', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantUpdate, (r) => updateCommunicationsAsAccountant(db, r.actor, r.params.pk, r.body.communications));
  serveEndpoint(app, e.accountantHide, (r) => setCommunicationsHidden(db, r.actor, r.params.pk, r.body.pks, true));
  serveEndpoint(app, e.accountantUnhide, (r) => setCommunicationsHidden(db, r.actor, r.params.pk, r.body.pks, false));
  serveEndpoint(app, e.accountantBack, (r) => sendCommunicationsBack(db, r.actor, r.params.pk, r.body.pks, r.body.message));
  serveEndpoint(app, e.accountantClearErrors, (r) => clearCommunicationErrors(db, r.actor, r.params.pk, r.body.pks));

  serveEndpoint(app, e.clientCounters, (r) => clientCommunicationCounters(db, r.actor, r.params.pk));
  serveEndpoint(app, e.clientActive, (r) => listCompanyCommunications(db, r.actor, 'client', 'active', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.clientCompleted, (r) => listCompanyCommunications(db, r.actor, 'client', 'completed', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.clientUpdate, (r) => answerCommunications(db, box, r.actor, r.params.pk, r.body.communications));
};
