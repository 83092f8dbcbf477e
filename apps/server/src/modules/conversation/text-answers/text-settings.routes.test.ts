import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const newClient = clientMaker(() => t.app, 62);
const PATH = 'users/profile/texts/';

describe('a client’s consent to questions by text', () => {
  it('is off until the client agrees, needs a number that takes texts, and can be turned off again', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.client.get(PATH)).json()).toEqual({ agreed: false, stopped: false, phone: '', phone_textable: false });
    const noPhone = await cast.client.patch(PATH, { agreed: true });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().agreed).toEqual(['Add your mobile number with its country code (like +1 415 555 0143) to your profile first.']);

    await t.db.update(users).set({ phone: '+1 (415) 555-0177' }).where(eq(users.pk, cast.clientUser.userId));
    expect((await cast.client.patch(PATH, { agreed: true })).json()).toEqual({ agreed: true, stopped: false, phone: '+1 (415) 555-0177', phone_textable: true });
    const [row] = await t.db.select({ at: users.textsAgreedAt }).from(users).where(eq(users.pk, cast.clientUser.userId));
    expect(row!.at).toBeInstanceOf(Date);
    expect((await cast.client.patch(PATH, { agreed: false })).json()).toMatchObject({ agreed: false });
    expect((await cast.client.get(PATH)).json()).toMatchObject({ agreed: false });
  });

  it('cannot be turned back on in the app after the client texted STOP, and says how', async () => {
    const cast = await signedInCast(t.db, newClient);
    await t.db.update(users).set({ phone: '+14155550178', textsStoppedAt: new Date() }).where(eq(users.pk, cast.clientUser.userId));
    const refused = await cast.client.patch(PATH, { agreed: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().agreed).toEqual(['You texted STOP to Herd. Text START to the same number to turn texts back on.']);
  });

  it('is the client’s own: the firm’s people are refused, the signed-out get 401, and a bad body gets a field error', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.admin.get(PATH)).statusCode).toBe(403);
    expect((await cast.anonymous.get(PATH)).statusCode).toBe(401);
    const bad = await cast.client.patch(PATH, { agreed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().agreed).toEqual(['Agreed is required.']);
  });
});
