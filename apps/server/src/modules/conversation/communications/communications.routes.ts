import type { FastifyPluginAsync } from 'fastify';
import { communicationEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { updateCommunicationsAsAccountant } from './communication-accountant-update.service.js';
import { answerCommunications } from './communication-answer.service.js';
import { refuseClientClearErrors, setCommunicationsHiddenByClient, takeBackCommunicationAnswers } from './communication-client-actions.service.js';
import { revealTin } from './communication-w9.service.js';
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
  const deps = app.deps;

  serveEndpoint(app, e.choices, (r) => communicationChoices(deps, r.actor, {}));
  serveEndpoint(app, e.create, (r) => createCommunicationFor(deps, r.actor, r.body));
  serveEndpoint(app, e.delete, (r) => deleteOrCancelCommunication(deps, r.actor, { communicationPk: r.params.pk }));
  serveEndpoint(app, e.revealTin, (r) => revealTin(deps, r.actor, { communicationPk: r.params.pk }));

  serveEndpoint(app, e.accountantCounters, (r) => communicationCounters(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.accountantActive, (r) =>
    listCompanyCommunications(deps, r.actor, { side: 'accountant', list: 'active', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantCompleted, (r) =>
    listCompanyCommunications(deps, r.actor, { side: 'accountant', list: 'completed', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantHidden, (r) =>
    listCompanyCommunications(deps, r.actor, { side: 'accountant', list: 'hidden', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantUpdate, (r) => updateCommunicationsAsAccountant(deps, r.actor, { companyPk: r.params.pk, changes: r.body.communications }));
  serveEndpoint(app, e.accountantHide, (r) => setCommunicationsHidden(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: true }));
  serveEndpoint(app, e.accountantUnhide, (r) => setCommunicationsHidden(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: false }));
  serveEndpoint(app, e.accountantBack, (r) => sendCommunicationsBack(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, message: r.body.message }));
  serveEndpoint(app, e.accountantClearErrors, (r) => clearCommunicationErrors(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks }));

  serveEndpoint(app, e.clientCounters, (r) => clientCommunicationCounters(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.clientActive, (r) =>
    listCompanyCommunications(deps, r.actor, { side: 'client', list: 'active', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.clientCompleted, (r) =>
    listCompanyCommunications(deps, r.actor, {
      side: 'client',
      list: r.query.hidden === 'true' ? 'client-hidden' : 'client-completed',
      companyPk: r.params.pk,
      query: r.query,
      url: r.url,
    }),
  );
  serveEndpoint(app, e.clientUpdate, (r) => answerCommunications(deps, r.actor, { companyPk: r.params.pk, changes: r.body.communications }));
  serveEndpoint(app, e.clientHide, (r) => setCommunicationsHiddenByClient(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: true }));
  serveEndpoint(app, e.clientUnhide, (r) => setCommunicationsHiddenByClient(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, hidden: false }));
  serveEndpoint(app, e.clientBack, (r) => takeBackCommunicationAnswers(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks }));
  serveEndpoint(app, e.clientClearErrors, (r) => refuseClientClearErrors(deps, r.actor, { companyPk: r.params.pk }));
};
