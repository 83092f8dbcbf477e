import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenApiDocument } from '../contract-check/openapi-document.js';
import { TWILIO_CONTRACT } from './contract.js';
import { INCOMING_WEBHOOK_PARAMETERS } from './incoming.js';
import { createTwilioState, deliverIncomingText, messagesTo, repliesIn, signTwilioRequest, twilioSimulatorPlugin } from './index.js';

const SID = 'AC00000000000000000000000000000002';
const TOKEN = 'incoming-token';
const state = createTwilioState({ accountSid: SID, authToken: TOKEN });
const simulator = Fastify();
const webhook = Fastify();
const received: { form: URLSearchParams; signature: string | undefined }[] = [];
let simulatorBase = '';
let webhookUrl = '';

beforeAll(async () => {
  await simulator.register(twilioSimulatorPlugin, { prefix: '/twilio', state });
  simulatorBase = `${await simulator.listen({ port: 0, host: '127.0.0.1' })}/twilio`;
  webhook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  webhook.post('/hook', async (request, reply) => {
    received.push({ form: new URLSearchParams(String(request.body)), signature: request.headers['x-twilio-signature'] as string | undefined });
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response><Message>Got it &amp; filed</Message></Response>');
  });
  webhookUrl = `${await webhook.listen({ port: 0, host: '127.0.0.1' })}/hook`;
});
afterAll(async () => {
  await simulator.close();
  await webhook.close();
});

describe('texts sent to the account’s number', () => {
  it('are posted to the webhook as a signed form, with media served behind the account’s credentials, and the TwiML answer texted back', async () => {
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const delivered = await deliverIncomingText(
      state,
      { from: '+15551230000', to: '+15005550006', body: 'Lunch', media: [{ contentType: 'image/jpeg', bytes: photo }] },
      { webhookUrl, apiBaseUrl: simulatorBase },
    );
    expect(delivered.webhookStatus).toBe(200);
    const { form, signature } = received.at(-1)!;
    expect(form.get('From')).toBe('+15551230000');
    expect(form.get('Body')).toBe('Lunch');
    expect(form.get('NumMedia')).toBe('1');
    expect(form.get('MessageSid')).toMatch(/^MM[0-9a-f]{32}$/);
    expect(signature).toBe(signTwilioRequest(TOKEN, webhookUrl, form));

    const mediaUrl = form.get('MediaUrl0')!;
    expect(mediaUrl.startsWith(`${simulatorBase}/2010-04-01/Accounts/${SID}/Messages/${form.get('MessageSid')}/Media/ME`)).toBe(true);
    expect((await fetch(mediaUrl)).status).toBe(401);
    const authed = await fetch(mediaUrl, { headers: { authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}` } });
    expect(authed.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await authed.arrayBuffer()).equals(photo)).toBe(true);

    expect(delivered.replies).toEqual(['Got it & filed']);
    expect(messagesTo(state, '+15551230000').map((m) => [m.direction, m.body])).toEqual([['outbound-reply', 'Got it & filed']]);
  });

  it('carry only parameters Twilio documents for the webhook, the status spelt as the contract spells a message’s', async () => {
    await deliverIncomingText(
      state,
      {
        from: '+15551230000',
        to: '+15005550006',
        body: 'Two',
        media: [
          { contentType: 'image/png', bytes: Buffer.from([0x89]) },
          { contentType: 'application/pdf', bytes: Buffer.from('%PDF') },
        ],
      },
      { webhookUrl, apiBaseUrl: simulatorBase },
    );
    const { form } = received.at(-1)!;
    const documented = new Set<string>([...INCOMING_WEBHOOK_PARAMETERS, 'MediaUrl0', 'MediaContentType0', 'MediaUrl1', 'MediaContentType1']);
    expect([...form.keys()].filter((name) => !documented.has(name))).toEqual([]);
    expect(form.get('NumMedia')).toBe('2');
    const schemas = readOpenApiDocument(TWILIO_CONTRACT).components!.schemas as Record<string, { enum?: string[] }>;
    expect(schemas.message_enum_status!.enum).toContain(form.get('SmsStatus'));
    expect(form.get('SmsStatus')).toBe('received');
  });

  it('can be signed with the wrong token or not at all, as a forger would send them', async () => {
    await deliverIncomingText(state, { from: '+15551230000', to: '+15005550006', body: 'x' }, { webhookUrl, apiBaseUrl: simulatorBase, signWith: 'guess' });
    const forged = received.at(-1)!;
    expect(forged.signature).not.toBe(signTwilioRequest(TOKEN, webhookUrl, forged.form));
    await deliverIncomingText(state, { from: '+15551230000', to: '+15005550006', body: 'x' }, { webhookUrl, apiBaseUrl: simulatorBase, unsigned: true });
    expect(received.at(-1)!.signature).toBeUndefined();
  });

  it('reads every Message of a TwiML answer, and none of an empty one', () => {
    expect(repliesIn('<Response><Message>One</Message><Message><Body>Two</Body></Message></Response>')).toEqual(['One', 'Two']);
    expect(repliesIn('<Response/>')).toEqual([]);
    expect(repliesIn('')).toEqual([]);
  });
});
