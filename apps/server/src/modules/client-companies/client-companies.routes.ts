import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { getClientMagicLink, notifyClient, type PeopleContext } from '../client-users/client-users.service.js';
import {
  createClientCompany,
  disconnectAll,
  disconnectClientCompany,
  exportClientCompaniesCsv,
  listClientCompanies,
  retrieveClientCompany,
  updateClientCompany,
  updateSyncDate,
} from './client-companies.service.js';

/** The browser downloads the export through a plain link: a CSV attachment, not JSON. */
const asCsvDownload = (reply: FastifyReply, filename: string, csv: string) => {
  reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`);
  return csv;
};

/** The accountant's client companies, as the contract's route table declares them. */
export const clientCompanyRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  const { db } = deps;
  const people: PeopleContext = { db, mailer: deps.mailer, appUrl: deps.config.appUrl, jobs: deps.jobs, replies: deps.config };

  serveEndpoint(app, e.create, (r) => createClientCompany(deps, r.actor, r.body));
  serveEndpoint(app, e.list, (r) => listClientCompanies(db, r.actor, r.query, r.url));
  serveEndpoint(app, e.csv, async (r, reply) => asCsvDownload(reply, 'clients.csv', await exportClientCompaniesCsv(db, r.actor, r.query)));
  serveEndpoint(app, e.retrieve, (r) => retrieveClientCompany(db, r.actor, r.params.pk));
  serveEndpoint(app, e.update, (r) => updateClientCompany(db, r.actor, r.params.pk, r.body));
  serveEndpoint(app, e.syncDate, (r) => updateSyncDate(db, r.actor, r.params.pk, r.body.sync_date));
  serveEndpoint(app, e.disconnect, (r) => disconnectClientCompany(deps, r.actor, r.params.pk, r.log));
  serveEndpoint(app, e.disconnectAll, (r) => disconnectAll(deps, r.actor, r.log));
  serveEndpoint(app, e.magicLink, (r) => getClientMagicLink(people, r.actor, r.body.client_company, r.body.user));
  serveEndpoint(app, e.sendNotification, (r) => notifyClient({ ...people, sms: deps.sms }, r.actor, r.body.client_company));
};
