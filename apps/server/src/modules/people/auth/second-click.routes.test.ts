import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, createClientUser, createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 15);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const USED = { detail: 'This link has expired or was already used. You can ask for a new one.' };

const mailedCode = async (email: string) => {
  await newClient().post('login/send-magic-link/', { email });
  await t.runJobs();
  return codeFromEmail(await t.lastMailTo(email), 'magic');
};

describe('a sign-in link clicked a second time', () => {
  it('signs in nobody new but answers the profile when the browser is already signed in as the link’s owner', async () => {
    const firm = await createFirm(t.db);
    const user = await createClientUser(t.db, firm.firmId, { password: null });
    const code = await mailedCode(user.email);
    const browser = newClient();
    expect((await browser.post('login/with-magic-link/', { code })).statusCode).toBe(200);

    const again = await browser.post('login/with-magic-link/', { code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: user.email, account_type: 'CLIENT' });
    expect((await browser.get('users/profile/')).json()).toMatchObject({ email: user.email });
  });

  it('is still refused signed out, and from a browser signed in as someone else, who keep their own session', async () => {
    const firm = await createFirm(t.db);
    const user = await createClientUser(t.db, firm.firmId, { password: null });
    const code = await mailedCode(user.email);
    expect((await newClient().post('login/with-magic-link/', { code })).statusCode).toBe(200);

    const signedOut = await newClient().post('login/with-magic-link/', { code });
    expect(signedOut.statusCode).toBe(400);
    expect(signedOut.json()).toEqual(USED);

    const accountant = newClient();
    await signIn(accountant, firm.adminEmail);
    const someoneElse = await accountant.post('login/with-magic-link/', { code });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json()).toEqual(USED);
    expect((await accountant.get('users/profile/')).json()).toMatchObject({ email: firm.adminEmail });
    // The page offers a fresh link, mailed to the link's owner.
    expect((await newClient().post('login/send-new-magic-link/', { code })).statusCode).toBe(200);
  });
});
