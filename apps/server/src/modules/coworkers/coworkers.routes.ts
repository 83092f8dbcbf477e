import type { FastifyPluginAsync } from 'fastify';
import { coworkerEndpoints as e } from '@herd/contract';
import { peopleContext } from '../../lib/request-context.js';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { countCoworkers, inviteCoworker, listCoworkers, removeCoworker, retrieveCoworker, updateCoworker } from './coworkers.service.js';
import { setDefaultClientCompany, setTourState } from './member-settings.service.js';
import { coworkerInvitationLink, resendCoworkerInvitation } from './coworker-invitations.service.js';

/** The firm's team and a member's own settings, as the contract's route table declares them. */
export const coworkerRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  serveEndpoint(app, e.list, (r) => listCoworkers(db, r.actor));
  serveEndpoint(app, e.count, (r) => countCoworkers(db, r.actor));
  serveEndpoint(app, e.invite, (r) => inviteCoworker(peopleContext(r), r.actor, r.body));
  serveEndpoint(app, e.retrieve, (r) => retrieveCoworker(db, r.actor, r.params.pk));
  serveEndpoint(app, e.update, (r) => updateCoworker(db, r.actor, r.params.pk, r.body));
  serveEndpoint(app, e.remove, (r) => removeCoworker(db, r.actor, r.params.pk));
  serveEndpoint(app, e.resendInvitation, (r) => resendCoworkerInvitation(peopleContext(r), r.actor, r.params.pk));
  serveEndpoint(app, e.invitationLink, (r) => coworkerInvitationLink(peopleContext(r), r.actor, r.params.pk));
  serveEndpoint(app, e.defaultClientCompany, (r) => setDefaultClientCompany(db, r.actor, r.params.pk, r.body.client_company));
  serveEndpoint(app, e.tour, (r) => setTourState(db, r.actor, r.params.pk, r.params.name, r.body.completed));
};
