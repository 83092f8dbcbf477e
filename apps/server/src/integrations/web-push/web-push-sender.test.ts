import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSubscription, decryptPush, startPushService, vapidClaims } from '../../../test/web-push-receiver.js';
import { vapidKeysFrom } from './vapid-keys.js';
import { PushRefusedError, createWebPushSender } from './web-push-sender.js';
import { parseWebPushSettings } from './web-push-settings.js';

const message = { title: 'Demo Bookkeeping', body: '30 transactions to explain from Demo Bookkeeping', url: '/dashboard/client/', tag: 'herd-news' };

describe('pushing through a browser’s push service (RFC 8030, 8291, 8292)', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  const settings = parseWebPushSettings({}, 'a-secret-key-of-this-install-0123456789', 'https://herd.example', 'Herd <no-reply@herd.example>', 5_000);
  const sender = createWebPushSender(settings);
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('sends the message encrypted for the subscription’s keys, signed with the server’s key, to be kept a day under one topic', async () => {
    const browser = browserSubscription(`${service.origin}/push/device-1`);
    expect(await sender.send(browser.json, message)).toBe('sent');
    const push = service.received.at(-1)!;
    expect(push.path).toBe('/push/device-1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers).toMatchObject({ ttl: '86400', topic: 'herd-news', urgency: 'normal' });
    expect(JSON.parse(decryptPush(push.body, browser.ecdh, browser.auth))).toEqual(message);
    const vapid = vapidClaims(push.headers.authorization);
    expect(vapid.publicKey).toBe(sender.publicKey);
    expect(vapid.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    // The audience is the push service's origin; the contact is the app's https address; it expires within a day.
    expect(vapid.claims).toMatchObject({ aud: service.origin, sub: 'https://herd.example' });
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  });

  it('reads 404 and 410 as a subscription gone, and throws on any other refusal', async () => {
    const browser = browserSubscription(`${service.origin}/push/device-2`);
    service.answerWith(410);
    expect(await sender.send(browser.json, message)).toBe('gone');
    service.answerWith(404);
    expect(await sender.send(browser.json, message)).toBe('gone');
    service.answerWith(413);
    await expect(sender.send(browser.json, message)).rejects.toBeInstanceOf(PushRefusedError);
    service.answerWith(201);
  });

  it('derives one valid key pair from SECRET_KEY, the same in every process, and takes the operator’s own pair and contact instead', () => {
    const keys = vapidKeysFrom('a-secret-key-of-this-install-0123456789');
    expect(keys).toEqual({ publicKey: settings.publicKey, privateKey: settings.privateKey });
    expect(vapidKeysFrom('another-secret-key-of-another-install-01').publicKey).not.toBe(keys.publicKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    const own = vapidKeysFrom('the-operators-own-pair-made-elsewhere-0000');
    const given = parseWebPushSettings(
      { VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey, VAPID_SUBJECT: 'mailto:ops@firm.example' },
      'x'.repeat(32),
      'http://localhost:3000',
      'Herd <no-reply@herd.local>',
      1,
    );
    expect(given).toMatchObject({ publicKey: own.publicKey, subject: 'mailto:ops@firm.example' });
    // Over plain http the contact is Herd's sender address.
    expect(parseWebPushSettings({}, 'x'.repeat(32), 'http://localhost:3000', 'Herd <no-reply@herd.local>', 1).subject).toBe('mailto:no-reply@herd.local');
  });
});
