import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUSH_DEVICES_MAX } from '@herd/contract';
import { pushDevices } from '../../../db/schema/index.js';
import { TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { browserSubscription } from '../../../../test/web-push-receiver.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

const PATH = 'users/profile/push/';
// The test app's push services (PUSH_SERVICE_HOSTS): only their addresses are taken.
const device = (id: string, extra: Record<string, unknown> = {}) => ({
  ...browserSubscription(`https://push.test/send/${id}`).json,
  time_zone: 'America/Chicago',
  ...extra,
});

describe('push notifications: a person’s devices and quiet hours', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof signedInCast>>;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await signedInCast(t.db, () => new TestClient(t.app));
  });
  afterAll(() => t.close());

  it('gives the server’s public key, and nothing to the signed-out', async () => {
    const res = await cast.client.get(`${PATH}public-key/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: t.app.deps.push.publicKey });
    expect(res.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    for (const path of ['public-key/', 'devices/', 'settings/']) expect((await cast.anonymous.get(`${PATH}${path}`)).statusCode).toBe(401);
  });

  it('turns a device on once, however often its browser subscribes, keeps its subscription sealed, and lists it to its person only', async () => {
    const phone = device('phone', { label: 'iPhone' });
    const first = await cast.client.post(`${PATH}devices/`, phone);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ label: 'iPhone', time_zone: 'America/Chicago', last_sent_at: null });
    const again = await cast.client.post(`${PATH}devices/`, { ...phone, label: 'My phone' });
    expect(again.json()).toMatchObject({ pk: first.json().pk, label: 'My phone' });
    expect((await cast.client.get(`${PATH}devices/`)).json().devices).toHaveLength(1);
    expect((await cast.admin.get(`${PATH}devices/`)).json().devices).toEqual([]);
    const [row] = await t.db.select().from(pushDevices).where(eq(pushDevices.pk, first.json().pk));
    expect(row!.subscription).not.toContain('push.test');
    expect(row!.subscription).not.toContain(phone.keys.auth);
  });

  it('takes only a browser push service’s https address and well-formed keys', async () => {
    const refused = async (body: object) => {
      const res = await cast.client.post(`${PATH}devices/`, body);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await refused(device('x', { endpoint: 'http://push.test/send/x' }))).toMatchObject({ endpoint: ['Endpoint is not valid.'] });
    expect(await refused(device('x', { endpoint: 'https://169.254.169.254/latest/meta-data' }))).toMatchObject({
      endpoint: ['Endpoint is not a push service Herd knows.'],
    });
    expect(await refused(device('x', { endpoint: 'https://push.test.attacker.example/x' }))).toMatchObject({ endpoint: ['Endpoint is not a push service Herd knows.'] });
    expect(await refused({ ...device('x'), keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } })).toMatchObject({ 'keys.p256dh': ['Key p256dh is not valid.'] });
    expect(await refused(device('x', { time_zone: 'Mars/Olympus_Mons' }))).toHaveProperty('time_zone');
  });

  it('turns one device off for its person, and is 404 to anyone else', async () => {
    const pk = (await cast.teamMember.post(`${PATH}devices/`, device('laptop'))).json().pk;
    expect((await cast.client.delete(`${PATH}devices/${pk}/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.delete(`${PATH}devices/${pk}/`)).statusCode).toBe(404);
    expect((await cast.teamMember.delete(`${PATH}devices/${pk}/`)).statusCode).toBe(204);
    expect((await cast.teamMember.get(`${PATH}devices/`)).json().devices).toEqual([]);
    expect((await cast.teamMember.delete(`${PATH}devices/${pk}/`)).statusCode).toBe(404);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices a person`, async () => {
    for (let i = 0; i < PUSH_DEVICES_MAX; i += 1) expect((await cast.clientAdmin.post(`${PATH}devices/`, device(`many-${i}`))).statusCode).toBe(201);
    const over = await cast.clientAdmin.post(`${PATH}devices/`, device('one-too-many'));
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toMatch(/turn one off/);
  });

  it('sets and clears the quiet hours, refusing a time that is not one', async () => {
    expect((await cast.client.get(`${PATH}settings/`)).json()).toEqual({ quiet_hours: null });
    const quiet = { quiet_hours: { start: '22:00', end: '07:30' } };
    expect((await cast.client.patch(`${PATH}settings/`, quiet)).json()).toEqual(quiet);
    expect((await cast.client.get(`${PATH}settings/`)).json()).toEqual(quiet);
    const bad = await cast.client.patch(`${PATH}settings/`, { quiet_hours: { start: '25:00', end: '07:00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ 'quiet_hours.start': ['Time must be written as HH:MM, from 00:00 to 23:59.'] });
    expect((await cast.client.patch(`${PATH}settings/`, { quiet_hours: null })).json()).toEqual({ quiet_hours: null });
  });
});
