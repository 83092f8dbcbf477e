import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkMessageForm, newMessage, twilioError, type TwilioMessage } from './messages.js';
import { sentTextsPage } from './pages.js';

export interface TwilioSimulatorOptions {
  accountSid: string;
  authToken: string;
}

/** The simulator's memory: every message accepted, newest last, for tests and the sandbox page to read. */
export interface TwilioState extends TwilioSimulatorOptions {
  messages: TwilioMessage[];
}

export const createTwilioState = (options: TwilioSimulatorOptions): TwilioState => ({ ...options, messages: [] });

/** The messages sent to one number, newest last. */
export const messagesTo = (state: TwilioState, to: string) => state.messages.filter((m) => m.to === to);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** HTTP basic auth with the account SID as user and the auth token as password, as Twilio's helper libraries send it. */
const authenticated = (request: FastifyRequest, state: TwilioState) => {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const [user, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return same(user ?? '', state.accountSid) && same(password ?? '', state.authToken);
};

/**
 * Twilio's REST Messages API, outgoing texts only: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with a form of To, From and Body, answered 201 with the message, or Twilio's error shape. Register it
 * under a prefix on a host app or on its own server; its form parser stays inside the plugin. `GET /` is
 * the sandbox page listing the texts sent.
 */
export async function twilioSimulatorPlugin(app: FastifyInstance, { state }: { state: TwilioState }): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  // The page that stands in for the phone: every text accepted, newest first, never cached.
  app.get('/', async (_request, reply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(sentTextsPage(state.messages)),
  );
  app.post<{ Params: { accountSid: string } }>('/2010-04-01/Accounts/:accountSid/Messages.json', async (request, reply) => {
    if (!authenticated(request, state)) return reply.status(401).send(twilioError(401, 20003, 'Authenticate'));
    if (request.params.accountSid !== state.accountSid) {
      return reply.status(404).send(twilioError(404, 20404, `The requested resource ${request.url} was not found`));
    }
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const refused = checkMessageForm(form);
    if (refused) return reply.status(refused.status).send(refused);
    const message = newMessage(state.accountSid, form, new Date());
    state.messages.push(message);
    return reply.status(201).send(message);
  });
}
