import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSimulator } from './test-support.js';

const VERIFIER = 'verifier-token-for-tests';

interface Received {
  body: string;
  signature: string;
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A webhook receiver that records raw bodies and signatures. */
async function receiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['intuit-signature']) });
      response.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/qbo`, received };
}

function verifies(body: string, signature: string): boolean {
  const expected = createHmac('sha256', VERIFIER).update(body).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks', () => {
  it('delivers API and control changes in one signed legacy batch after the debounce', async () => {
    const { sim, api, realmId } = await connectedSimulator({ webhookVerifierToken: VERIFIER });
    const { url, received } = await receiver();
    // A window wide enough to hold an HTTP round trip on a busy machine; the flush below sends it.
    sim.configureWebhook(url, { format: 'legacy', debounceMs: 1000 });
    const created = await api.post('/vendor', { DisplayName: 'Webhook Vendor' });
    const purchase = sim.listEntities(realmId, 'Purchase')[0];
    sim.putEntity(realmId, 'Purchase', { Id: purchase?.Id, PrivateNote: 'recategorized in QuickBooks' });
    sim.deleteEntity(realmId, 'Purchase', String(purchase?.Id));
    await sim.flushWebhooks();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(verifies(delivery?.body ?? '', delivery?.signature ?? '')).toBe(true);
    expect(verifies(`${delivery?.body ?? ''} `, delivery?.signature ?? '')).toBe(false);
    const payload = JSON.parse(delivery?.body ?? '') as { eventNotifications: { realmId: string; dataChangeEvent: { entities: unknown[] } }[] };
    expect(payload.eventNotifications).toHaveLength(1);
    expect(payload.eventNotifications[0]?.realmId).toBe(realmId);
    expect(payload.eventNotifications[0]?.dataChangeEvent.entities).toEqual([
      { name: 'Vendor', id: (created.body.Vendor as { Id: string }).Id, operation: 'Create', lastUpdated: expect.stringMatching(/Z$/) },
      { name: 'Purchase', id: purchase?.Id, operation: 'Update', lastUpdated: expect.any(String) },
      { name: 'Purchase', id: purchase?.Id, operation: 'Delete', lastUpdated: expect.any(String) },
    ]);
    expect(sim.webhookDeliveries[0]?.status).toBe(200);
  });

  it('delivers CloudEvents when configured for them', async () => {
    const { sim, api, realmId } = await connectedSimulator({ webhookVerifierToken: VERIFIER, webhookFormat: 'cloudevents', webhookDebounceMs: 10 });
    const { url, received } = await receiver();
    sim.configureWebhook(url);
    await api.post('/customer', { DisplayName: 'Cloud Customer' });
    await sim.flushWebhooks();
    expect(received).toHaveLength(1);
    expect(verifies(received[0]?.body ?? '', received[0]?.signature ?? '')).toBe(true);
    const events = JSON.parse(received[0]?.body ?? '') as Record<string, unknown>[];
    expect(events).toEqual([
      expect.objectContaining({ specversion: '1.0', type: 'qbo.customer.created.v1', intuitaccountid: realmId, datacontenttype: 'application/json' }),
    ]);
  });

  it('builds signed payloads in both formats for tests to post themselves', async () => {
    const { sim } = await connectedSimulator({ webhookVerifierToken: VERIFIER });
    const events = [{ realmId: '123', entity: 'Account', id: '7', operation: 'Merge' as const, lastUpdated: '2025-09-08T20:52:31.657Z', deletedId: '27' }];
    const legacy = sim.buildWebhook('legacy', events);
    expect(verifies(legacy.body, legacy.signature)).toBe(true);
    expect(legacy.headers['intuit-signature']).toBe(legacy.signature);
    expect(JSON.parse(legacy.body)).toEqual({
      eventNotifications: [
        { realmId: '123', dataChangeEvent: { entities: [{ name: 'Account', id: '7', operation: 'Merge', lastUpdated: '2025-09-08T20:52:31.657Z', deletedId: '27' }] } },
      ],
    });
    const cloud = sim.buildWebhook('cloudevents', events);
    expect(verifies(cloud.body, cloud.signature)).toBe(true);
    expect(JSON.parse(cloud.body)).toEqual([
      expect.objectContaining({ type: 'qbo.account.merged.v1', intuitentityid: '7', intuitaccountid: '123', data: { deletedid: '27' } }),
    ]);
  });

  it('sends nothing when no endpoint is configured', async () => {
    const { sim, api } = await connectedSimulator();
    await api.post('/vendor', { DisplayName: 'Silent Vendor' });
    await sim.flushWebhooks();
    expect(sim.webhookDeliveries).toEqual([]);
  });
});
