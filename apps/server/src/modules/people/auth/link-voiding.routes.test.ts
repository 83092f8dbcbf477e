import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, codeFromEmail, createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 21);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const mailedCode = async (email: string, param: 'magic' | 'reset') => codeFromEmail(await t.lastMailTo(email), param);

describe('a new password voids every outstanding link of its user', () => {
  it('after a reset, an earlier sign-in link no longer signs in', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    const magic = await mailedCode(firm.adminEmail, 'magic');
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const reset = await mailedCode(firm.adminEmail, 'reset');

    expect((await newClient().post(`users/finish-reset-password/${reset}/`, { password: 'Quiet lantern 47 orchard' })).statusCode).toBe(200);
    const res = await newClient().post('login/with-magic-link/', { code: magic });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/expired or was already used/);
  });

  it('after a change from the profile, earlier sign-in and reset links no longer work', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    const magic = await mailedCode(firm.adminEmail, 'magic');
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const reset = await mailedCode(firm.adminEmail, 'reset');

    const browser = newClient();
    await signIn(browser, firm.adminEmail);
    expect((await browser.post('users/profile/password/', { current_password: PASSWORD, new_password: 'Copper kettle 19 meadow' })).statusCode).toBe(204);

    expect((await newClient().post('login/with-magic-link/', { code: magic })).statusCode).toBe(400);
    expect((await newClient().post(`users/finish-reset-password/${reset}/`, { password: 'Velvet harbor 83 thistle' })).statusCode).toBe(400);
    // A link asked for after the change works.
    await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    expect((await newClient().post('login/with-magic-link/', { code: await mailedCode(firm.adminEmail, 'magic') })).statusCode).toBe(200);
  });
});
