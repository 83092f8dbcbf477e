import { randomUUID, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountingRoutes } from './accounting.routes.js';
import { qboResponseTime } from './clock.js';
import { OAuthError, QboFault, systemFault, validationFault } from './faults.js';
import { oauthRoutes, type ConsentScope } from './oauth.routes.js';
import type { QboState, RequestLogEntry } from './state.js';

export interface QboPluginOptions {
  state: QboState;
  /** Who may grant which company on the consent page; without it, anyone any company (a simulator on its own). */
  consentScope?: ConsentScope;
}

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const sameKey = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Every simulator route, as an encapsulated Fastify plugin: register it on a host app under a
 * prefix (`app.register(qboSimulatorPlugin, { prefix: '/sandbox/qbo', state })`) or on its own
 * server. Parsers, hooks and the error handler stay inside this plugin.
 */
export async function qboSimulatorPlugin(app: FastifyInstance, { state, consentScope }: QboPluginOptions): Promise<void> {
  // Intuit's query endpoint takes the raw statement as application/text; the token endpoint takes a form.
  if (!app.hasContentTypeParser('application/text')) {
    app.addContentTypeParser('application/text', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } });
  }

  const logged = new WeakMap<FastifyRequest, RequestLogEntry>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('intuit_tid', `1-${randomUUID()}`);
    const url = new URL(request.url, 'http://simulator');
    const realmId = /\/v3\/company\/([^/]+)/.exec(url.pathname)?.[1];
    const entry: RequestLogEntry = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), realmId, at: state.clock.now() };
    state.requests.push(entry);
    logged.set(request, entry);
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = logged.get(request);
    if (entry) entry.status = reply.statusCode;
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => sendError(error, reply, qboResponseTime(state.clock.now())));

  // Upload download links point here, standing in for Intuit's pre-signed storage URLs (no token needed).
  app.get('/sim-files/:realmId/:id/:key', async (request, reply) => {
    const { realmId, id, key } = request.params as { realmId: string; id: string; key: string };
    const file = state.company(realmId)?.files.get(id);
    if (!file || !sameKey(file.key, key)) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
      .send(file.bytes);
  });

  await app.register(oauthRoutes(state, consentScope));
  await app.register(accountingRoutes(state), { prefix: '/v3/company/:realmId' });
}

function sendError(error: FastifyError | QboFault | OAuthError, reply: FastifyReply, time: string): FastifyReply {
  if (error instanceof QboFault) {
    const body = error.body.Fault === undefined ? error.body : { ...error.body, time };
    return reply.status(error.status).headers(error.headers).send(body);
  }
  if (error instanceof OAuthError) {
    const body = error.description ? { error: error.error, error_description: error.description } : { error: error.error };
    return reply.status(error.status).send(body);
  }
  // Fastify's own client errors (unparseable JSON, wrong content type, oversized file) become QBO-style 400s.
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const fault = validationFault('2010', 'Request has invalid or unsupported property', error.message);
    return reply.status(status === 413 ? 413 : 400).send({ ...fault.body, time });
  }
  reply.log.error(error);
  return reply.status(500).send({ ...systemFault(error.message).body, time });
}
