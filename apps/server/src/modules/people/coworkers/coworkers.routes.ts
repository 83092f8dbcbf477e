import type { FastifyPluginAsync } from 'fastify';
import { coworkerEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { countCoworkers, inviteCoworker, listCoworkers, removeCoworker, retrieveCoworker, updateCoworker } from './coworkers.service.js';
import { setDefaultClientCompany, setTourState } from './member-settings.service.js';
import { coworkerInvitationLink, resendCoworkerInvitation } from './coworker-invitations.service.js';

/** The firm's team and a member's own settings, as the contract's route table declares them. */
export const coworkerRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.list, (r) => listCoworkers(deps, r.actor, {}));
  serveEndpoint(app, e.count, (r) => countCoworkers(deps, r.actor, {}));
  serveEndpoint(app, e.invite, (r) => inviteCoworker(deps, r.actor, r.body));
  serveEndpoint(app, e.retrieve, (r) => retrieveCoworker(deps, r.actor, { memberPk: r.params.pk }));
  serveEndpoint(app, e.update, (r) => updateCoworker(deps, r.actor, { memberPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.remove, (r) => removeCoworker(deps, r.actor, { memberPk: r.params.pk }));
  serveEndpoint(app, e.resendInvitation, (r) => resendCoworkerInvitation(deps, r.actor, { memberPk: r.params.pk }));
  serveEndpoint(app, e.invitationLink, (r) => coworkerInvitationLink(deps, r.actor, { memberPk: r.params.pk }));
  serveEndpoint(app, e.defaultClientCompany, (r) => setDefaultClientCompany(deps, r.actor, { memberPk: r.params.pk, companyPk: r.body.client_company }));
  serveEndpoint(app, e.tour, (r) => setTourState(deps, r.actor, { memberPk: r.params.pk, tourName: r.params.name, completed: r.body.completed }));
};
