import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { smsEndpoints as e, TWILIO_SIGNATURE_HEADER } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { receiveText, type SignedText, type SmsAnswer } from './twilio-inbound.js';

/** What Twilio's signature covers of a request: its address, its signature header and its body as text. */
type SignedRequest = Pick<FastifyRequest, 'headers' | 'url'> & { body: unknown };

const signatureOf = (request: SignedRequest) => {
  const header = request.headers[TWILIO_SIGNATURE_HEADER.toLowerCase()];
  return typeof header === 'string' ? header : null;
};

/**
 * The request as Twilio signed it. Twilio signs the URL it was given, which is Herd's public address
 * (`APP_URL`) followed by this path: behind a proxy the request's own host may differ.
 */
const signedTextOf = (request: SignedRequest, appUrl: string): SignedText => ({
  url: `${appUrl.replace(/\/$/, '')}${request.url}`,
  signature: signatureOf(request),
  form: typeof request.body === 'string' ? request.body : '',
});

/** TwiML for Twilio, or the refusal of a request Twilio would not have sent. */
const sendAnswer = (reply: FastifyReply, answer: SmsAnswer) =>
  answer.status === 200 ? reply.type('text/xml; charset=utf-8').send(answer.twiml) : reply.status(answer.status).send({ detail: answer.detail });

/**
 * Twilio's incoming-message webhook (`docs/receipts.md`, "By text message").
 */
export const smsInboundRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  // The signature covers the form's names and values, so the body stays text until it is checked.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  serveEndpoint(app, e.incoming, async (r, reply) => sendAnswer(reply, await receiveText(deps, visitorOf(r), { text: signedTextOf(r, deps.config.appUrl), log: r.log })));
};
