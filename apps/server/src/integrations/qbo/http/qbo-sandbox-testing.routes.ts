import type { FastifyPluginAsync } from 'fastify';
import { testingEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { hideFromDocs } from '../../../modules/platform/testing/hidden-from-docs.rule.js';
import { sandboxAttachablesOf, sandboxEntityOf } from './qbo-sandbox-entity.js';

/**
 * For end-to-end tests only, registered with the outbox route (HERD_E2E_OUTBOX=1):
 * a Herd transaction as the built-in QuickBooks sandbox holds it, and the files
 * attached to it there, so a browser test can check that a publish reached the
 * ledger the way an accountant would look in QuickBooks.
 */
export const testingQboSandboxRoutes: FastifyPluginAsync = async (app) => {
  hideFromDocs(app);
  serveEndpoint(app, e.qboSandboxTransaction, (r) => sandboxEntityOf(app, r.params.pk));
  serveEndpoint(app, e.qboSandboxAttachables, (r) => sandboxAttachablesOf(app, r.params.pk));
};
