import type { FastifyPluginAsync } from 'fastify';
import { notFound } from './errors.js';
import { tenantOf } from './gateway.js';
import { listResponse } from './odata.js';

/** `GET /v3/TenantSettings` (the smoke test, §4) and the read side of `/v3/Users`. */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  app.get('/TenantSettings', async (request) => tenantOf(request).settings);
  app.get('/Users', async (request) =>
    listResponse(
      request,
      tenantOf(request).list('Users'),
      // §4: Users filter on Name and EmailAddress; items are {Id, Name, EmailAddress}.
      { entitySet: 'Users', filterable: ['Name', 'EmailAddress'], sortable: ['Name', 'EmailAddress'] },
    ),
  );
  app.get<{ Params: { id: string } }>('/Users/:id', async (request) => {
    const user = tenantOf(request).get('Users', request.params.id);
    if (!user) throw notFound('No User found for provided id');
    return user;
  });
};
