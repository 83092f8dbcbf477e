import type { FastifyPluginAsync } from 'fastify';
import { recurringEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { createSchedule, deleteSchedule, updateScheduleOf } from './recurring.service.js';
import { listCompanySchedules, scheduleChoices, scheduleCommunications, upcomingOccurrences } from './recurring-read.service.js';

/** Recurring requests, as the contract's route table declares them. */
export const recurringRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  serveEndpoint(app, e.create, (r) => createSchedule(deps, r.actor, r.body));
  serveEndpoint(app, e.update, (r) => updateScheduleOf(deps, r.actor, { schedulePk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.delete, (r) => deleteSchedule(deps, r.actor, { schedulePk: r.params.pk }));
  serveEndpoint(app, e.list, (r) => listCompanySchedules(deps, r.actor, { companyPk: r.params.pk, query: r.query, url: r.url }));
  serveEndpoint(app, e.simpleList, (r) => scheduleChoices(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.recurring, (r) => scheduleCommunications(deps, r.actor, { schedulePk: r.params.pk }));
  serveEndpoint(app, e.recurringList, (r) => upcomingOccurrences(deps, r.actor, { companyPk: r.params.pk, side: 'accountant' }));
  serveEndpoint(app, e.clientRecurringList, (r) => upcomingOccurrences(deps, r.actor, { companyPk: r.params.pk, side: 'client' }));
};
