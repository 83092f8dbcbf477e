import type { FastifyPluginAsync } from 'fastify';
import { requestTemplateEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { changeTemplate, createTemplate, listFirmTemplates, removeTemplate } from './request-templates.service.js';

/** The firm's request templates, as the contract's route table declares them. */
export const requestTemplateRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  serveEndpoint(app, e.list, (r) => listFirmTemplates(deps, r.actor, {}));
  serveEndpoint(app, e.create, (r) => createTemplate(deps, r.actor, r.body));
  serveEndpoint(app, e.update, (r) => changeTemplate(deps, r.actor, { templatePk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.delete, (r) => removeTemplate(deps, r.actor, { templatePk: r.params.pk }));
};
