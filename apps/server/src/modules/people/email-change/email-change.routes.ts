import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { confirmEmailChange } from './email-change.service.js';

/** Confirming a new email address from the link mailed to it: signed out, as the link may be opened anywhere. */
export const emailChangeRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, e.confirmEmailChange, (r) => confirmEmailChange(app.deps, visitorOf(r), { code: r.body.code }));
};
