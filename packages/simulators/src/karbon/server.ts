import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientRoutes } from './clients.routes.js';
import { checkKarbonTraffic } from './contract.js';
import { badValue, KarbonError, karbonError } from './errors.js';
import { installGateway, v3Path } from './gateway.js';
import { noteRoutes } from './notes.routes.js';
import { fileRoutes } from './files.routes.js';
import { referenceRoutes } from './reference.routes.js';
import type { KarbonRequestLogEntry, KarbonState } from './state.js';
import { webhookRoutes } from './webhooks.routes.js';
import { workItemRoutes } from './work-items.routes.js';

export interface KarbonPluginOptions {
  state: KarbonState;
}

/**
 * Every Karbon simulator route, as an encapsulated Fastify plugin: register it on a host app under
 * a prefix (`app.register(karbonSimulatorPlugin, { prefix: '/sandbox/karbon', state })`, then the
 * API is at `/sandbox/karbon/v3/…`) or on its own server.
 */
export async function karbonSimulatorPlugin(app: FastifyInstance, { state }: KarbonPluginOptions): Promise<void> {
  const logged = new WeakMap<FastifyRequest, KarbonRequestLogEntry>();
  app.addHook('onRequest', async (request) => {
    const entry: KarbonRequestLogEntry = { method: request.method, path: v3Path(request), at: state.clock.now() };
    state.requests.push(entry);
    logged.set(request, entry);
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = logged.get(request);
    if (entry) entry.status = reply.statusCode;
  });
  app.setErrorHandler((error: FastifyError | KarbonError, _request, reply) => sendError(error, reply));
  // The OpenAPI's answer to a path and method it has no route for.
  app.setNotFoundHandler((request, reply) => {
    const error = karbonError(404, '4002', `No HTTP resource was found that matches the request URI '${request.url}'.`);
    return reply.status(error.status).send(error.body);
  });
  // Before the routes: every request and answer under them is held to Karbon's API reference.
  checkKarbonTraffic(app);

  await app.register(
    async (v3) => {
      installGateway(v3, state, (request, tenant) => {
        const entry = logged.get(request);
        if (entry) entry.tenant = tenant.tenantKey;
      });
      await v3.register(referenceRoutes);
      await v3.register(clientRoutes(state));
      await v3.register(workItemRoutes(state));
      await v3.register(noteRoutes);
      await v3.register(fileRoutes);
      await v3.register(webhookRoutes(state));
    },
    { prefix: '/v3' },
  );
}

function sendError(error: FastifyError | KarbonError, reply: FastifyReply): FastifyReply {
  if (error instanceof KarbonError) return reply.status(error.status).headers(error.headers).send(error.body);
  // Fastify's own client errors (unparseable JSON, wrong content type) are Karbon's bad-model 400.
  const status = error.statusCode ?? 500;
  if (status < 500) return reply.status(400).send(badValue(error.message).body);
  reply.log.error(error);
  return reply.status(500).send(karbonError(500, '5001', 'Unexpected Internal Error.').body);
}
