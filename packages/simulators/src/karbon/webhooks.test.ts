import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connected, expectRefusedOutsideContract } from './test-support.js';
import { KARBON_SIGNATURE_HEADER, MAX_CONSECUTIVE_FAILURES, signKarbonWebhook } from './webhooks.js';

const SIGNING_KEY = 'herd-test-signing-key_01';
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

interface Received {
  body: string;
  signature: string;
}

/** A receiver on loopback answering every POST with `status`. */
async function receiver(status = 200) {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers[KARBON_SIGNATURE_HEADER] ?? '') });
      response.statusCode = status;
      response.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/karbon/webhooks`, received };
}

describe('webhook subscriptions', () => {
  it('subscribes one per type, reads and deletes it, and refuses what Karbon refuses', async () => {
    const { api, sim, tenant } = await connected();
    const subscription = { WebhookType: 'Contact', TargetUrl: 'https://herd.example/karbon/webhooks', SigningKey: SIGNING_KEY };
    const created = await api.post('/WebhookSubscriptions', subscription);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ WebhookType: 'Contact', TargetUrl: subscription.TargetUrl });
    expect((await api.get('/WebhookSubscriptions/Contact')).body).toEqual(created.body);
    expect(sim.webhookSubscriptions(tenant)).toEqual([{ ...subscription, consecutiveFailures: 0 }]);
    expect((await api.post('/WebhookSubscriptions', subscription)).status).toBe(400);

    const http = await api.post('/WebhookSubscriptions', { ...subscription, WebhookType: 'Work', TargetUrl: 'http://herd.example/hooks' });
    expect(http.status).toBe(400);
    expect(http.body).toEqual({ error: { code: '4002', message: 'Target URL must begin with https://' } });
    expect((await api.post('/WebhookSubscriptions', { ...subscription, WebhookType: 'Work', TargetUrl: 'HTTPS://herd.example/hooks' })).status).toBe(400);
    const short = await api.post('/WebhookSubscriptions', { ...subscription, WebhookType: 'Work', SigningKey: 'short' });
    expectRefusedOutsideContract(short, 'POST /v3/WebhookSubscriptions', /SigningKey must NOT have fewer than 16 characters/);
    const gossip = await api.post('/WebhookSubscriptions', { ...subscription, WebhookType: 'Gossip' });
    expectRefusedOutsideContract(gossip, 'POST /v3/WebhookSubscriptions', /WebhookType must be one of/);
    // A type the path names is Karbon's own 404 (the reference does not check path values against its enum here).
    expect((await api.get('/WebhookSubscriptions/Gossip')).status).toBe(404);

    expect((await api.delete('/WebhookSubscriptions/Contact')).status).toBe(204);
    expect((await api.get('/WebhookSubscriptions/Contact')).status).toBe(404);
    expect((await api.delete('/WebhookSubscriptions/Contact')).status).toBe(404);
  });

  it('accepts http:// targets only with allowHttpTargets', async () => {
    const { api } = await connected({ allowHttpTargets: true });
    expect((await api.post('/WebhookSubscriptions', { WebhookType: 'Work', TargetUrl: 'http://127.0.0.1:1/hooks', SigningKey: SIGNING_KEY })).status).toBe(201);
  });
});

describe('webhook delivery', () => {
  it('delivers signed payloads, one per resource per window, for API and control-API changes', async () => {
    const { api, sim, tenant } = await connected({ allowHttpTargets: true });
    const hook = await receiver();
    await api.post('/WebhookSubscriptions', { WebhookType: 'Contact', TargetUrl: hook.url, SigningKey: SIGNING_KEY });
    const org = sim.organizations(tenant)[0];
    const key = String(org?.OrganizationKey);
    await api.patch(`/Organizations/${key}`, { FullName: 'Renamed Ltd' });
    sim.advanceClock(5_000);
    sim.updateOrganization(tenant, key, { EmailAddress: 'b@org.example' });
    const added = sim.addOrganization(tenant, { FullName: 'Fresh Ltd' });
    // Work items are another type, with no subscription: nothing goes out for them.
    await api.patch(`/WorkItems/${String(sim.workItems(tenant)[0]?.WorkItemKey)}`, { Title: 'quiet' });
    expect(hook.received).toHaveLength(0);
    await sim.flushWebhooks();

    const payloads = hook.received.map((entry) => JSON.parse(entry.body) as Record<string, string>);
    expect(payloads).toEqual([
      { ResourcePermaKey: key, ResourceType: 'Contact', ActionType: 'Updated', TimeStamp: '2026-06-01T12:00:05Z' },
      { ResourcePermaKey: added.OrganizationKey, ResourceType: 'Contact', ActionType: 'Inserted', TimeStamp: '2026-06-01T12:00:05Z' },
    ]);
    for (const entry of hook.received) {
      // Checked against an HMAC computed here, not only the simulator's own helper.
      expect(entry.signature).toBe(`sha256=${createHmac('sha256', SIGNING_KEY).update(entry.body).digest('hex')}`);
      expect(signKarbonWebhook(entry.body, SIGNING_KEY)).toBe(entry.signature);
    }
    expect(sim.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  });

  it('sends a window on its own once it closes', async () => {
    const { api } = await connected({ allowHttpTargets: true, webhookCoalesceMs: 50 });
    const hook = await receiver();
    await api.post('/WebhookSubscriptions', { WebhookType: 'Note', TargetUrl: hook.url, SigningKey: SIGNING_KEY });
    await api.post('/Notes', { Subject: 's', Body: 'b', AuthorEmailAddress: 'a@b.example' });
    for (let i = 0; i < 50 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hook.received.map((entry) => (JSON.parse(entry.body) as Record<string, string>).ResourceType)).toEqual(['Note']);
  });

  it(`cancels a subscription after ${String(MAX_CONSECUTIVE_FAILURES)} non-2xx answers in a row`, async () => {
    const { api, sim, tenant } = await connected({ allowHttpTargets: true });
    const failing = await receiver(500);
    await api.post('/WebhookSubscriptions', { WebhookType: 'Contact', TargetUrl: failing.url, SigningKey: SIGNING_KEY });
    const orgs = sim.organizations(tenant);
    const change = async (i: number) => {
      sim.updateOrganization(tenant, String(orgs[i]?.OrganizationKey), { EmailAddress: `x${String(i)}@org.example` });
      await sim.flushWebhooks();
    };
    for (let i = 0; i < MAX_CONSECUTIVE_FAILURES - 1; i++) await change(i);
    expect(sim.webhookSubscriptions(tenant)[0]?.consecutiveFailures).toBe(MAX_CONSECUTIVE_FAILURES - 1);
    expect((await api.get('/WebhookSubscriptions/Contact')).status).toBe(200);
    await change(MAX_CONSECUTIVE_FAILURES - 1);
    expect(failing.received).toHaveLength(MAX_CONSECUTIVE_FAILURES);
    expect((await api.get('/WebhookSubscriptions/Contact')).status).toBe(404);
    await change(11);
    expect(failing.received).toHaveLength(MAX_CONSECUTIVE_FAILURES);
  });
});
