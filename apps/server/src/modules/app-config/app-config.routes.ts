import type { FastifyPluginAsync } from 'fastify';
import { appEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { clientConfigOf } from './app-config.service.js';

/** What the web app reads before anything else, as the contract's route table declares it. */
export const appConfigRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, e.clientConfig, async () => clientConfigOf(app.deps.config));
};
