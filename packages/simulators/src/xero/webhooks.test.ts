import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSimulator, list } from './test-support.js';
import { webhookPayloadProblems } from './webhook-contract.js';
import { signXeroWebhook } from './webhooks.js';

const KEY = 'test-webhook-key';
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

interface Received {
  body: string;
  signature: string;
}

/** A receiver; `answer` decides each reply from the raw body and signature. */
async function receiver(answer: (received: Received, response: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['x-xero-signature'] ?? '') };
      received.push(entry);
      answer(entry, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xero/webhooks`, received };
}

const verifying = (key: string) => (received: Received, response: ServerResponse) => {
  response.statusCode = signXeroWebhook(received.body, key) === received.signature ? 200 : 401;
  response.end();
};

describe('webhooks', () => {
  it('delivers signed invoice and contact events in sequence, and none for bank transactions', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const { url, received } = await receiver(verifying(KEY));
    sim.configureWebhook(url, { key: KEY, debounceMs: 10 });
    const contact = list((await api.put('/Contacts', { Contacts: [{ Name: 'Hook Ltd' }] })).body.Contacts)[0];
    await api.post('/Contacts', { Contacts: [{ ContactID: contact?.ContactID, EmailAddress: 'hi@hook.example' }] });
    await api.put('/BankTransactions', {
      BankTransactions: [{ Type: 'SPEND', Contact: { ContactID: contact?.ContactID }, BankAccount: { Code: '090' }, LineItems: [{ UnitAmount: 5, AccountCode: '429' }] }],
    });
    await api.put('/Invoices', { Invoices: [{ Type: 'ACCREC', Contact: { ContactID: contact?.ContactID }, LineItems: [{ UnitAmount: 5, AccountCode: '200' }] }] });
    await sim.flushWebhooks();

    expect(sim.webhookDeliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const payloads = received.map(
      (entry) => JSON.parse(entry.body) as { events: Record<string, string>[]; firstEventSequence: number; lastEventSequence: number; entropy: string },
    );
    const events = payloads.flatMap((payload) => payload.events);
    expect(events.map((event) => `${event.eventCategory} ${event.eventType}`)).toEqual(['CONTACT CREATE', 'CONTACT UPDATE', 'INVOICE CREATE']);
    expect(events[0]).toMatchObject({
      resourceId: contact?.ContactID,
      tenantId,
      tenantType: 'ORGANISATION',
      resourceUrl: `${sim.url}/api.xro/2.0/Contacts/${String(contact?.ContactID)}`,
    });
    expect(payloads[0]?.firstEventSequence).toBe(1);
    expect(payloads.at(-1)?.lastEventSequence).toBe(3);
    expect(typeof payloads[0]?.entropy).toBe('string');
    for (const entry of received) expect(entry.signature).toBe(signXeroWebhook(entry.body, KEY));
    // Each payload is what Xero's webhooks contract says a delivery is, and nothing more.
    for (const payload of payloads) expect(webhookPayloadProblems(payload)).toEqual([]);
  });

  it('judges payloads by the contract: a field it does not define, a missing one or a wrong spelling is named', () => {
    const event = {
      resourceUrl: 'https://api.xero.com/api.xro/2.0/Contacts/1',
      resourceId: '1',
      tenantId: 't',
      tenantType: 'ORGANISATION',
      eventDateUtc: '2026-06-01T12:00:00.000',
    };
    const payload = { events: [{ ...event, eventCategory: 'CONTACT', eventType: 'UPDATE' }], firstEventSequence: 1, lastEventSequence: 1, entropy: 'ABC' };
    expect(webhookPayloadProblems(payload)).toEqual([]);
    expect(webhookPayloadProblems({ ...payload, events: [{ ...event, eventCategory: 'BANKTRANSACTION', eventType: 'UPDATE', extra: 1 }] })).toEqual(
      expect.arrayContaining([expect.stringContaining('/events/0/eventCategory'), expect.stringContaining('/events/0 has "extra"')]),
    );
    expect(webhookPayloadProblems({ events: [], firstEventSequence: 1, lastEventSequence: 1, entropy: 'ABC', sent: 'now' })).toEqual([
      'webhook payload (the whole value) has "sent", which the contract does not define here (#/components/schemas/WebhookEvent)',
    ]);
  });

  it('intent to receive passes a receiver that checks signatures and fails one that does not', async () => {
    const { sim } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const good = await receiver(verifying(KEY));
    sim.configureWebhook(good.url, { key: KEY });
    const passed = await sim.intentToReceive(3);
    expect(passed.passed).toBe(true);
    expect(passed.checks.filter((check) => check.signedCorrectly)).toHaveLength(3);
    expect(passed.checks.filter((check) => !check.signedCorrectly).every((check) => check.status === 401)).toBe(true);
    const intent = JSON.parse(good.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(intent).toMatchObject({ events: [], firstEventSequence: 0, lastEventSequence: 0 });
    // Xero's webhook guide has Intent to Receive numbered 0, which the contract's sequences (minimum 1)
    // leave out; that is its only difference from the contract's payload, and Herd reads no sequence.
    expect(webhookPayloadProblems(intent)).toEqual([
      expect.stringMatching(/^webhook payload \/lastEventSequence must be >= 1 \(#\/components\/schemas\/WebhookEvent\/properties\/lastEventSequence\/minimum\)$/),
      expect.stringMatching(/^webhook payload \/firstEventSequence must be >= 1 /),
    ]);

    const careless = await receiver((_received, response) => response.end());
    sim.configureWebhook(careless.url);
    expect((await sim.intentToReceive()).passed).toBe(false);
    const chatty = await receiver((received, response) => {
      response.statusCode = signXeroWebhook(received.body, KEY) === received.signature ? 200 : 401;
      response.end('ok');
    });
    sim.configureWebhook(chatty.url);
    expect((await sim.intentToReceive()).passed).toBe(false);
  });
});
