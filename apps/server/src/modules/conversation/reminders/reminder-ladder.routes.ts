import type { FastifyPluginAsync } from 'fastify';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { reminderLadderOf } from './reminder-ladder.view.js';

/** The accountant's view of a client company's reminders: the next one and the ladder after it. */
export const reminderLadderRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.reminderLadder, (r) => reminderLadderOf(deps, r.actor, { companyPk: r.params.pk }));
};
