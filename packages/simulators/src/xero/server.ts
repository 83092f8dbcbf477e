import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkTrafficAgainstContract, openApiContract } from '../contract-check/index.js';
import { accountingRoutes } from './accounting.routes.js';
import { connectionRoutes } from './connections.routes.js';
import { DroppedConnection, OAuthError, postDataInvalid, serverError, validationException, XeroError } from './errors.js';
import { oauthRoutes, type XeroConsentScope } from './oauth.routes.js';
import type { XeroRequestLogEntry, XeroState } from './state.js';

export interface XeroPluginOptions {
  state: XeroState;
  /** Who may grant which organisations on the consent page; without it, anyone any (a simulator on its own). */
  consentScope?: XeroConsentScope;
}

/**
 * Every Xero simulator route, as an encapsulated Fastify plugin: register it on a host app under
 * a prefix (`app.register(xeroSimulatorPlugin, { prefix: '/sandbox/xero', state })`) or on its
 * own server. identity.xero.com, login.xero.com and api.xero.com all map onto the one host.
 */
export async function xeroSimulatorPlugin(app: FastifyInstance, { state, consentScope }: XeroPluginOptions): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }

  const logged = new WeakMap<FastifyRequest, XeroRequestLogEntry>();
  app.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://simulator');
    const isApi = url.pathname.includes('/api.xro/2.0/');
    const tenant = request.headers['xero-tenant-id'];
    const entry: XeroRequestLogEntry = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      tenantId: isApi && typeof tenant === 'string' ? tenant.toLowerCase() : undefined,
      at: state.clock.now(),
    };
    state.requests.push(entry);
    logged.set(request, entry);
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = logged.get(request);
    if (entry) entry.status = reply.statusCode;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  // What Xero's published contracts allow, and nothing else: a request outside them gets Xero's 400.
  const refuse = (problems: string[]) => {
    const { status, body } = validationException([{ ValidationErrors: problems.map((Message) => ({ Message })) }]);
    return { status, body };
  };
  checkTrafficAgainstContract(app, { contract: openApiContract('xero/xero_accounting.yaml'), basePath: '/api.xro/2.0', refuse });
  checkTrafficAgainstContract(app, { contract: openApiContract('xero/xero-identity.yaml'), basePath: /.*(?=\/connections(\/|$))/i, refuse });

  await app.register(oauthRoutes(state, consentScope));
  await app.register(connectionRoutes(state));
  await app.register(accountingRoutes(state), { prefix: '/api.xro/2.0' });
}

function sendError(error: FastifyError | XeroError | OAuthError | DroppedConnection, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (error instanceof DroppedConnection) {
    // The client sees the connection close with no response, as after a network failure.
    reply.hijack();
    request.raw.socket.destroy();
    return undefined;
  }
  if (error instanceof XeroError) return reply.status(error.status).headers(error.headers).send(error.body);
  if (error instanceof OAuthError) {
    if (error.status === 401) reply.header('www-authenticate', 'Bearer error="invalid_token"');
    return reply.status(error.status).send(error.description ? { error: error.error, error_description: error.description } : { error: error.error });
  }
  // Fastify's own client errors (unparseable JSON, an oversized body) become Xero's 400 for bad post data.
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.status(413).send({ Title: 'Payload Too Large', Status: 413, Detail: error.message });
  if (status < 500) return reply.status(400).send(postDataInvalid(error.message).body);
  reply.log.error(error);
  return reply.status(500).send(serverError(error.message).body);
}
