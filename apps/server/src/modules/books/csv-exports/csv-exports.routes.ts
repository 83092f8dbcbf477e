import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { csvExportEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { createExport, downloadExport, listExports, previewExport } from './csv-exports.service.js';

/** The file as a download: text/csv, named after the company and the batch. */
const sendCsv = (reply: FastifyReply, file: { fileName: string; content: string }) =>
  reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.fileName}"`).send(file.content);

/** CSV exports of a CSV company's published answers, as the contract's route table declares them. */
export const csvExportRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.preview, (r) => previewExport(deps, r.actor, { companyPk: r.params.pk, query: r.query }));
  serveEndpoint(app, e.create, (r) => createExport(deps, r.actor, { companyPk: r.params.pk, body: r.body }));
  serveEndpoint(app, e.list, (r) => listExports(deps, r.actor, { companyPk: r.params.pk, page: r.query.page, url: r.url }));
  serveEndpoint(app, e.download, async (r, reply) => sendCsv(reply, await downloadExport(deps, r.actor, { companyPk: r.params.pk, batchPk: r.params.batchPk })));
};
