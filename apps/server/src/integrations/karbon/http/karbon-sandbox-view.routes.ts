import type { FastifyPluginAsync } from 'fastify';
import { karbonEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { readUpload } from '../../../lib/uploads.js';
import { requireActor } from '../../../plugins/auth.js';
import { fileOnKarbonSandbox, viewKarbonSandbox, type KarbonSandboxViewDeps } from './karbon-sandbox-view.service.js';

/**
 * The sandbox Karbon's page, seen from Herd (firm admins of a firm connected to it; the services
 * check it): its own account's clients, notes, work items and files, and filing a document there.
 * The sandbox is mounted after the API, so it is read from the app when a request comes.
 */
export const karbonSandboxViewRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps: KarbonSandboxViewDeps = {
    ...app.deps,
    get karbonSandbox() {
      return app.karbonSandbox;
    },
  };
  serveEndpoint(app, e.sandboxView, (r) => viewKarbonSandbox(deps, r.actor, {}));
  // Multipart: `client_company` first, then the one `file`, within the upload limit.
  serveEndpoint(app, e.sandboxFile, async (r) => fileOnKarbonSandbox(deps, r.actor, await readUpload(r, deps.config.maxUploadBytes)));
};
