import type { FastifyPluginAsync } from 'fastify';
import { testingEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { hideFromDocs } from './hidden-from-docs.rule.js';
import { newestEmailTo } from './outbox.service.js';

/**
 * For end-to-end tests only, registered only when HERD_E2E_OUTBOX=1: the
 * newest email to an address, so a browser test can follow an invitation or
 * sign-in link the way a person would from their inbox. Never enable it on a
 * real deployment: it hands out sign-in links.
 */
export const testingOutboxRoutes: FastifyPluginAsync = async (app) => {
  hideFromDocs(app);
  serveEndpoint(app, e.outbox, (r) => newestEmailTo(app.deps, visitorOf(r), { to: r.query.to }));
};
