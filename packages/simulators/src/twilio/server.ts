import { timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkTwilioTraffic } from './contract.js';
import { deliverIncomingText, type DeliveredText, type IncomingMedia } from './incoming.js';
import { checkMessageForm, newMessage, twilioError, type TwilioMessage } from './messages.js';
import { sentTextsPage, type SandboxSender } from './pages.js';

export interface TwilioSimulatorOptions {
  accountSid: string;
  authToken: string;
}

/** The simulator's memory: every message accepted, newest last, the texts it delivered to a webhook and their media. */
export interface TwilioState extends TwilioSimulatorOptions {
  messages: TwilioMessage[];
  incoming: DeliveredText[];
  media: Map<string, IncomingMedia>;
  /** Sids of texts whose words the page never shows (codes): the host marks them. */
  secret: Set<string>;
}

export const createTwilioState = (options: TwilioSimulatorOptions): TwilioState => ({
  ...options,
  messages: [],
  incoming: [],
  media: new Map(),
  secret: new Set(),
});

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

/** Where the sandbox page's "text Herd" form delivers: the number's webhook and this simulator's own address. */
export interface SandboxPhone {
  /** Herd's number, the one texts are sent to. */
  number: string;
  webhookUrl: string;
  /** The webhook's public URL, which Twilio signs, when `webhookUrl` reaches it another way. */
  signedUrl?: string;
  /** Where this plugin answers, as the webhook's server can reach it (for the media URLs). */
  apiBaseUrl: string;
  /** A phone the host knows (the demo client's), asked for each time the page is shown, so it is never stale. */
  sender?: () => Promise<SandboxSender | null>;
  /**
   * Who is looking, as the host decides from the request (its session): with it, the page and its
   * form answer only a viewer, show only the texts of their numbers, and text only from their phones.
   */
  viewer?: (request: FastifyRequest) => Promise<SandboxViewer | null>;
}

/** What one visitor of the sandbox page may see and do. */
export interface SandboxViewer {
  /** Whether texts to or from this number are theirs to see. */
  sees(number: string): boolean;
  /** The phones they may text Herd from; the first is filled in. */
  senders: SandboxSender[];
}

/** Without a `viewer` the page is open (a simulator on its own); with one, only to whom it answers. */
const viewerOf = async (phone: SandboxPhone | undefined, request: FastifyRequest): Promise<SandboxViewer | 'nobody' | null> => {
  if (!phone?.viewer) return null;
  return (await phone.viewer(request)) ?? 'nobody';
};

const SIGN_IN_FIRST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in first</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem auto;max-width:28rem;padding:0 16px"><h1>Sign in first</h1>
<p>The sandbox's texts are shown only to a signed-in member of the firm whose clients they concern. <a href="/auth/">Sign in</a>, then open this page again.</p></body></html>`;

const MAX_SANDBOX_MEDIA = 10;
const MAX_SANDBOX_MEDIA_BYTES = 5 * 1024 * 1024;

/**
 * Twilio's REST Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form of
 * To, From and Body, answered 201 with the message, or Twilio's error shape; and the media of texts
 * it delivered, at `GET …/Messages/{MessageSid}/Media/{MediaSid}` under the same basic auth. Register
 * it under a prefix on a host app or on its own server; its parsers stay inside the plugin. `GET /` is
 * the sandbox page listing the texts; with `phone`, the page also sends texts (and photos) to the
 * number's webhook, as a client's phone would.
 */
export async function twilioSimulatorPlugin(app: FastifyInstance, { state, phone }: { state: TwilioState; phone?: SandboxPhone }): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  // A path or method Twilio has no resource for is its 404 in its error JSON, not the web framework's.
  app.setNotFoundHandler((request, reply) => reply.status(404).send(twilioError(404, 20404, `The requested resource ${request.url} was not found`)));
  // What Twilio's published API allows, and nothing else: a request outside it gets Twilio's error.
  checkTwilioTraffic(app);
  // The page that stands in for the phone: every text accepted, newest first, never cached.
  app.get('/', async (request, reply) => {
    const viewer = await viewerOf(phone, request);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
    if (viewer === 'nobody') return reply.status(401).send(SIGN_IN_FIRST);
    const senders = viewer ? viewer.senders : phone?.sender ? [await phone.sender()].filter((s): s is SandboxSender => s !== null) : [];
    const messages = viewer ? state.messages.filter((m) => viewer.sees(m.to)) : state.messages;
    const incoming = viewer ? state.incoming.filter((t) => viewer.sees(t.from)) : state.incoming;
    return reply.send(sentTextsPage({ messages, incoming, secret: state.secret, number: phone?.number ?? null, senders }));
  });
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
  app.get<{ Params: { accountSid: string; messageSid: string; mediaSid: string } }>(
    '/2010-04-01/Accounts/:accountSid/Messages/:messageSid/Media/:mediaSid',
    async (request, reply) => {
      if (!authenticated(request, state)) return reply.status(401).send(twilioError(401, 20003, 'Authenticate'));
      const media = request.params.accountSid === state.accountSid ? state.media.get(`${request.params.messageSid}/${request.params.mediaSid}`) : undefined;
      if (!media) return reply.status(404).send(twilioError(404, 20404, `The requested resource ${request.url} was not found`));
      return reply.type(media.contentType).send(media.bytes);
    },
  );
  if (phone) await app.register(sandboxPhoneForm, { state, phone });
}

/** `POST /incoming`: the sandbox page's form (From, Body and photos) delivered to the webhook as Twilio would. */
async function sandboxPhoneForm(app: FastifyInstance, { state, phone }: { state: TwilioState; phone: SandboxPhone }): Promise<void> {
  await app.register(multipart, { limits: { files: MAX_SANDBOX_MEDIA, fileSize: MAX_SANDBOX_MEDIA_BYTES, fields: 5 } });
  app.post('/incoming', async (request, reply) => {
    const viewer = await viewerOf(phone, request);
    if (viewer === 'nobody') return reply.status(401).type('text/html; charset=utf-8').send(SIGN_IN_FIRST);
    const fields: Record<string, string> = {};
    const media: IncomingMedia[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) media.push({ contentType: part.mimetype || 'application/octet-stream', bytes });
      } else fields[part.fieldname] = String(part.value);
    }
    const from = (fields.from ?? '').replace(/[^\d+]/g, '');
    if (!/^\+[1-9]\d{6,14}$/.test(from)) return reply.status(400).type('text/plain').send('Give the phone number in international form, e.g. +15551234567.');
    if (viewer && !viewer.senders.some((s) => s.number === from)) {
      return reply.status(403).type('text/plain').send("Text from one of your firm's clients' phones: this number is not one of them.");
    }
    await deliverIncomingText(
      state,
      { from, to: phone.number, body: fields.body ?? '', media },
      { webhookUrl: phone.webhookUrl, apiBaseUrl: phone.apiBaseUrl, ...(phone.signedUrl ? { signedUrl: phone.signedUrl } : {}) },
    );
    return reply.redirect('./', 303);
  });
}
