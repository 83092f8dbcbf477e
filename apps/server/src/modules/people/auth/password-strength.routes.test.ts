import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, codeFromEmail, createClientUser, createFirm, signIn, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 27);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const WEAK = ['aaaaaaaaaa', '1234567890', 'password12', '          ', 'qwertyuiop', 'Password123!'];
const tooWeak = (label: string) =>
  `${label} is too easy to guess. Avoid common passwords, repeated characters, sequences and your own name or email; a few unrelated words work well.`;

describe('new passwords must be hard to guess, not only 10 characters long', () => {
  it('refuses common and trivial passwords at sign-up', async () => {
    for (const password of WEAK) {
      const res = await newClient().post('users/accountant-signup/', {
        email: uniqueEmail('weak'),
        password,
        first_name: 'Ada',
        last_name: 'Lovelace',
        company_name: 'Ledgerly',
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ password: [tooWeak('Password')] });
    }
  });

  it('counts the person’s own name and email as known to an attacker', async () => {
    const res = await newClient().post('users/accountant-signup/', {
      email: uniqueEmail('margaretha'),
      password: 'Margaretha Vandersloot',
      first_name: 'Margaretha',
      last_name: 'Vandersloot',
      company_name: 'Ledgerly',
    });
    expect(res.json()).toEqual({ password: [tooWeak('Password')] });
  });

  it('refuses a weak new password from the profile, and takes a strong one', async () => {
    const firm = await createFirm(t.db);
    const client = newClient();
    await signIn(client, firm.adminEmail);
    for (const weak of WEAK) {
      const res = await client.post('users/profile/password/', { current_password: PASSWORD, new_password: weak });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json()).toEqual({ new_password: [tooWeak('New password')] });
    }
    expect((await client.post('users/profile/password/', { current_password: PASSWORD, new_password: 'Marble otter 62 lantern' })).statusCode).toBe(204);
  });

  it('refuses a weak password when finishing a reset, without using up the link', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    const weak = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'password12' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ password: [tooWeak('New password')] });
    expect((await newClient().post(`users/finish-reset-password/${code}/`, { password: 'Juniper cobalt 58 harbor' })).statusCode).toBe(200);
    await signIn(newClient(), firm.adminEmail, 'Juniper cobalt 58 harbor');
  });
});

const personal = (label: string) => `${label} must not contain your name, your email or your company’s name.`;

describe('a password holding the person’s own name, email or company is refused, however strong otherwise', () => {
  const signup = (password: string, who: Partial<Record<'email' | 'first_name' | 'last_name' | 'company_name', string>> = {}) =>
    newClient().post('users/accountant-signup/', {
      email: uniqueEmail('signup'),
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Ledgerly & Co',
      password,
      ...who,
    });

  it('at sign-up: a name, the email’s name part or the firm, in any case, spacing or punctuation', async () => {
    const local = `tobermory.quill${Date.now() % 1000}`;
    const email = `${local}@example.com`;
    for (const password of [
      'Lovelace marble otter 62',
      'marble-otter-ADA-62 cobalt',
      `${local.toUpperCase()} harbor 58`,
      'cobalt ledgerly-co harbor 58',
      'juniper LEDGERLY cobalt 7',
    ]) {
      const res = await signup(password, { email });
      expect([password, res.statusCode, res.json()]).toEqual([password, 400, { password: [personal('Password')] }]);
    }
    // A short name counts only as a word of its own: "compatible" is not Pat's name.
    expect((await signup('compatible marble otter 62', { first_name: 'Pat' })).statusCode).toBe(200);
    expect((await signup('marble pat otter 62 cobalt', { first_name: 'Pat' })).json()).toEqual({ password: [personal('Password')] });
    expect((await signup('Marble otter 62 lantern')).statusCode).toBe(200);
  });

  it('from the profile and at a reset: their names, their firm and, for a client, their company', async () => {
    const firm = await createFirm(t.db, { name: 'Brightwater Books' });
    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    const firmName = await admin.post('users/profile/password/', { current_password: PASSWORD, new_password: 'Brightwater cobalt 58 harbor' });
    expect(firmName.json()).toEqual({ new_password: [personal('New password')] });

    const client = await createClientUser(t.db, firm.firmId);
    const signedIn = newClient();
    await signIn(signedIn, client.email);
    const company = await signedIn.post('users/profile/password/', { current_password: PASSWORD, new_password: 'juniper CLIENT-CO cobalt 58' });
    expect(company.json()).toEqual({ new_password: [personal('New password')] });

    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    const named = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'Lantern admin cobalt 58' });
    expect(named.json()).toEqual({ password: [personal('New password')] });
    expect((await newClient().post(`users/finish-reset-password/${code}/`, { password: 'Juniper cobalt 58 harbor' })).statusCode).toBe(200);
  });
});
