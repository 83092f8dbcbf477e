import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { qbdEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { downloadQwc, listConnectors, resetConnectorPassword, syncAtNextRun, updateFilePath } from './web-connector.service.js';

/** The browser downloads the .qwc file through a plain link: an XML attachment the Web Connector opens. */
const asQwcDownload = (reply: FastifyReply, file: { filename: string; content: string }) => {
  reply.header('Content-Type', 'application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.filename}"`);
  return file.content;
};

/** Setting up QuickBooks Desktop companies for the Web Connector (the SOAP service itself is the integration's). */
export const webConnectorRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.downloadQwc, async (r, reply) => asQwcDownload(reply, await downloadQwc(deps, r.actor, r.query)));
  serveEndpoint(app, e.filePaths, (r) => listConnectors(deps, r.actor, r.query));
  serveEndpoint(app, e.updateFilePath, (r) => updateFilePath(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.password, (r) => resetConnectorPassword(deps, r.actor, r.params.pk));
  serveEndpoint(app, e.syncClient, (r) => syncAtNextRun(deps, r.actor, r.body.client_company));
};
