import type { FastifyPluginAsync } from 'fastify';
import { recurringEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { createSchedule, deleteSchedule, updateScheduleOf } from './recurring.service.js';
import { listCompanySchedules, scheduleChoices, scheduleCommunications, upcomingOccurrences } from './recurring-read.service.js';

/** Recurring requests, as the contract's route table declares them. */
export const recurringRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;
  serveEndpoint(app, e.create, (r) => createSchedule(app.deps, r.actor, r.body));
  serveEndpoint(app, e.update, (r) => updateScheduleOf(app.deps, r.actor, r.params.pk, r.body));
  serveEndpoint(app, e.delete, (r) => deleteSchedule(app.deps, r.actor, r.params.pk));
  serveEndpoint(app, e.list, (r) => listCompanySchedules(db, r.actor, r.params.pk, r.query, r.url));
  serveEndpoint(app, e.simpleList, (r) => scheduleChoices(db, r.actor, r.params.pk));
  serveEndpoint(app, e.recurring, (r) => scheduleCommunications(db, r.actor, r.params.pk));
  serveEndpoint(app, e.recurringList, (r) => upcomingOccurrences(app.deps, r.actor, r.params.pk, 'accountant'));
  serveEndpoint(app, e.clientRecurringList, (r) => upcomingOccurrences(app.deps, r.actor, r.params.pk, 'client'));
};
