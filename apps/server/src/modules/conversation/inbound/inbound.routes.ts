import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { INBOUND_RECIPIENT_HEADER, INBOUND_SECRET_HEADER, inboundEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { receiveInboundWebhook, type WebhookDelivery } from './inbound-webhook.service.js';

/** The raw message's stream, left unread by its content-type parser until the secret has been checked. */
const rawMessages = new WeakMap<object, Readable>();

/** What these helpers read of a request: its headers (the handler's view of it has them as Fastify's). */
type WithHeaders = Pick<FastifyRequest, 'headers'>;

const oneHeader = (request: WithHeaders, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : null;
};

/** The secret from its own header, or from HTTP basic auth's password (providers that only take credentials in the URL). */
const secretOf = (request: WithHeaders) => {
  const header = oneHeader(request, INBOUND_SECRET_HEADER);
  if (header !== null) return header;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(oneHeader(request, 'authorization') ?? '');
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
};

const deliveryOf = (request: WithHeaders): WebhookDelivery => {
  const recipients = oneHeader(request, INBOUND_RECIPIENT_HEADER);
  return {
    secret: secretOf(request),
    recipients:
      recipients === null
        ? null
        : recipients
            .split(',')
            .map((r) => r.trim().replace(/^<|>$/g, ''))
            .filter(Boolean),
    body: rawMessages.get(request) ?? null,
  };
};

/** The inbound-parse webhook (`docs/inbound-email.md`). */
export const inboundRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  for (const type of ['message/rfc822', 'application/octet-stream']) {
    app.addContentTypeParser(type, (request, payload, done) => {
      rawMessages.set(request, payload);
      done(null, undefined);
    });
  }
  serveEndpoint(app, e.receive, (r) => receiveInboundWebhook(deps, visitorOf(r), { delivery: deliveryOf(r), log: r.log }));
};
