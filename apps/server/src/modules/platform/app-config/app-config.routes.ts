import type { FastifyPluginAsync } from 'fastify';
import { appEndpoints as e, appManifestEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { clientConfigOf } from './app-config.service.js';
import { appManifestOf } from './app-manifest.service.js';

/** What the web app reads before anything else, as the contract's route table declares it. */
export const appConfigRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, e.clientConfig, async (r) => clientConfigOf(app.deps, visitorOf(r), {}));
  serveEndpoint(app, appManifestEndpoints.manifest, (r) => appManifestOf(app.deps, visitorOf(r), {}));
};
