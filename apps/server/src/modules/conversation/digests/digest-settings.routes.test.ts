import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import { unsubscribeToken } from '../../../mail/unsubscribe.js';
import { resolveActor } from '../../../kernel/actor.js';
import { getDigestSettings, updateDigestSettings } from './digest-settings.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 43);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const GET = 'users/profile/digest/';
const UPDATE = 'users/profile/digest/update/';

describe('digest settings', () => {
  it('start on at 08:00 in the firm’s zone; an accountant changes hour and zone, and goes back to the firm’s zone', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.teamMember.get(GET)).json()).toEqual({
      enabled: true,
      hour: 8,
      time_zone: null,
      firm_time_zone: 'America/New_York',
      by_text: false,
      text_phone: null,
      texts_available: true,
    });

    const changed = await cast.teamMember.patch(UPDATE, { hour: 17, time_zone: 'Europe/Paris' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ enabled: true, hour: 17, time_zone: 'Europe/Paris' });
    // Another person's digest is untouched.
    expect((await cast.admin.get(GET)).json()).toMatchObject({ hour: 8, time_zone: null });

    expect((await cast.teamMember.patch(UPDATE, { time_zone: null })).json()).toMatchObject({ hour: 17, time_zone: null });
    // An empty change changes nothing.
    expect((await cast.teamMember.patch(UPDATE, {})).json()).toMatchObject({ hour: 17, time_zone: null });
  });

  it('off and on is the “Daily digest” email setting, which the email’s unsubscribe link turns off too', async () => {
    const cast = await signedInCast(t.db, newClient);
    const kinds = async () =>
      ((await cast.admin.get('users/profile/email-preferences/')).json().preferences as { kind: string; enabled: boolean }[]).find((p) => p.kind === 'DIGEST');
    expect((await cast.admin.patch(UPDATE, { enabled: false })).json()).toMatchObject({ enabled: false, hour: 8 });
    expect(await kinds()).toMatchObject({ enabled: false });
    expect((await cast.admin.patch(UPDATE, { enabled: true })).json()).toMatchObject({ enabled: true });
    expect(await kinds()).toMatchObject({ enabled: true });

    const token = unsubscribeToken(t.app.deps.config.secretKey, { userId: cast.firm.adminId, kind: 'DIGEST' });
    expect((await cast.anonymous.post('generic/unsubscribe/', { token })).statusCode).toBe(200);
    expect((await cast.admin.get(GET)).json()).toMatchObject({ enabled: false });
  });

  it('sends its counts by text too once asked, only to a phone with its country code, and only where texts can go', async () => {
    const cast = await signedInCast(t.db, newClient);
    const refused = await cast.admin.patch(UPDATE, { by_text: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ by_text: ['Add your mobile number, with its country code (+1…), in your profile first.'] });
    await t.db.update(users).set({ phone: '+1 (415) 555-0142' }).where(eq(users.pk, cast.firm.adminId));
    expect((await cast.admin.patch(UPDATE, { by_text: true })).json()).toMatchObject({ by_text: true, text_phone: '+14155550142' });
    expect((await cast.admin.patch(UPDATE, { by_text: false })).json()).toMatchObject({ by_text: false });

    // A server that sends no texts (no Twilio account, sandboxes off) refuses it, and says so.
    const noTexts = { db: t.db, config: { sms: { mode: 'off' as const } } };
    const admin = await resolveActor(t.db, cast.firm.adminId);
    await expect(updateDigestSettings(noTexts, admin!, { by_text: true })).rejects.toMatchObject({ fields: { by_text: ['Texts cannot be sent from this server yet.'] } });
    expect(await getDigestSettings(noTexts, admin!, {})).toMatchObject({ by_text: false, texts_available: false });
  });

  it('refuses a bad hour or zone with field errors, and answers a client 403', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const hour of [24, -1, 7.5, '8', null]) {
      const res = await cast.admin.patch(UPDATE, { hour });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ hour: ['Hour must be a whole hour from 0 to 23.'] });
    }
    const zone = await cast.admin.patch(UPDATE, { time_zone: 'Mars/Olympus_Mons', enabled: 'yes' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ time_zone: ['Time zone is not valid.'], enabled: ['Enabled is not valid.'] });
    expect((await cast.admin.get(GET)).json()).toMatchObject({ enabled: true, hour: 8, time_zone: null });

    for (const res of [await cast.client.get(GET), await cast.client.patch(UPDATE, { hour: 9 })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/digest is for the firm’s people/);
    }
    expect((await cast.anonymous.get(GET)).statusCode).toBe(401);
  });
});
