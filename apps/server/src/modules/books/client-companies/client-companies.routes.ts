import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
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

  serveEndpoint(app, e.create, (r) => createClientCompany(deps, r.actor, r.body));
  serveEndpoint(app, e.list, (r) => listClientCompanies(deps, r.actor, { query: r.query, url: r.url }));
  serveEndpoint(app, e.csv, async (r, reply) => asCsvDownload(reply, 'clients.csv', await exportClientCompaniesCsv(deps, r.actor, { query: r.query })));
  serveEndpoint(app, e.retrieve, (r) => retrieveClientCompany(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.update, (r) => updateClientCompany(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.syncDate, (r) => updateSyncDate(deps, r.actor, { companyPk: r.params.pk, syncDate: r.body.sync_date }));
  serveEndpoint(app, e.disconnect, (r) => disconnectClientCompany(deps, r.actor, { companyPk: r.params.pk, log: r.log }));
  serveEndpoint(app, e.disconnectAll, (r) => disconnectAll(deps, r.actor, { log: r.log }));
};
