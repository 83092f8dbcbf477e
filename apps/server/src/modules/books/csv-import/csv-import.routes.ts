import type { FastifyPluginAsync } from 'fastify';
import { importEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { readUpload } from '../../../lib/uploads.js';
import { requireActor } from '../../../plugins/auth.js';
import { importBankCsv } from './csv-import.service.js';
import { importRefList } from './ref-lists-import.service.js';

/** Imports from CSV files, as the contract's route table declares them. */
export const csvImportRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { deps } = app;
  const { config } = deps;

  // Multipart: the service checks who may import into the company before it reads the file (within the upload limit).
  serveEndpoint(app, e.bankCsv, (r) => importBankCsv(deps, r.actor, { companyPk: r.params.pk, readFile: () => readUpload(r, config.maxUploadBytes) }));
  serveEndpoint(app, e.refList, (r) => importRefList(deps, r.actor, { companyPk: r.params.pk, readFile: () => readUpload(r, config.maxUploadBytes) }));
};
