import type { FastifyInstance } from 'fastify';

/** Keeps the routes of this plugin out of the API documentation (the route table has no field for it): test-only routes are no part of the API. */
export const hideFromDocs = (app: FastifyInstance) =>
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
