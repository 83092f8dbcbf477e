import { SESSION_HINT_COOKIE } from '@herd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, clientMaker } from '../../../../test/client.js';
import { PASSWORD, createClientUser, createFirm, setMfa, signIn, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 0);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('signup'),
  password: 'a-long-password',
  first_name: 'Pat',
  last_name: 'Ledger',
  company_name: 'Ledger & Co',
  ...overrides,
});

describe('POST users/accountant-signup/', () => {
  it('says which fields are missing, in the contract’s words', async () => {
    const res = await newClient().post('users/accountant-signup/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      company_name: ['Company name is required.'],
    });
  });

  it('refuses a malformed email, a blank name and a short password', async () => {
    const res = await newClient().post('users/accountant-signup/', signupBody({ email: 'not-an-email', first_name: '   ', password: 'short' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Email is not valid.'],
      first_name: ['First name is required.'],
      password: ['Password must be at least 10 characters.'],
    });
  });

  it('refuses a value of the wrong type as not valid', async () => {
    const res = await newClient().post('users/accountant-signup/', signupBody({ company_name: 42 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ company_name: ['Company name is not valid.'] });
  });

  it('answers a body that is not a JSON object with a detail', async () => {
    const res = await newClient().request('POST', 'users/accountant-signup/', {
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body must be a JSON object.' });
  });

  it('is refused without the CSRF header', async () => {
    const res = await newClient().post('users/accountant-signup/', signupBody(), { withoutCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/CSRF/);
  });

  it('is refused when the CSRF header does not match the cookie', async () => {
    const res = await newClient().post('users/accountant-signup/', signupBody(), {
      headers: { 'x-csrftoken': 'forged' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST users/login/', () => {
  it('signs in with the right password and returns the profile', async () => {
    const firm = await createFirm(t.db);
    const client = newClient();
    const res = await client.post('users/login/', { email: firm.adminEmail.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: firm.adminEmail, account_type: 'ACCOUNTANT' });
    const cookie = res.cookies.find((c) => c.name === 'sessionid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // Beside it, a hint the web app can read (no secret in it), so signed-out pages need not ask the server.
    expect(res.cookies.find((c) => c.name === SESSION_HINT_COOKIE)).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === SESSION_HINT_COOKIE)?.httpOnly).toBeFalsy();
    expect((await client.get('users/profile/')).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const firm = await createFirm(t.db);
    const wrong = await newClient().post('users/login/', { email: firm.adminEmail, password: 'wrong-password!' });
    const unknown = await newClient().post('users/login/', { email: uniqueEmail('nobody'), password: 'wrong-password!' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Unable to sign in with the email and password provided.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('says which fields are missing', async () => {
    const res = await newClient().post('users/login/', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
  });

  it('asks for the second factor when MFA is on, and the half-open session authenticates nothing', async () => {
    const firm = await createFirm(t.db);
    await setMfa(t.db, firm.adminId, 'TOTP');
    const client = newClient();
    const res = await client.post('users/login/', { email: firm.adminEmail, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });
    expect((await client.get('users/profile/')).statusCode).toBe(401);
  });

  it('signs in a client user, whose profile carries their firm for branding', async () => {
    const firm = await createFirm(t.db, { name: 'Brand Firm' });
    const clientUser = await createClientUser(t.db, firm.firmId);
    const profile = await signIn(newClient(), clientUser.email);
    expect(profile).toMatchObject({
      account_type: 'CLIENT',
      accountant_company_user: null,
      client_firm: { pk: firm.firmId, company_name: 'Brand Firm' },
    });
  });
});

describe('POST users/logout/ and GET users/profile/', () => {
  it('answers 401 to a signed-out profile request', async () => {
    const res = await newClient().get('users/profile/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'You are not signed in.' });
  });

  it('ends the session: the old cookie no longer works', async () => {
    const firm = await createFirm(t.db);
    const client = newClient();
    await signIn(client, firm.adminEmail);
    const stolen = client.cookies.get('sessionid')!;
    expect(client.cookies.get(SESSION_HINT_COOKIE)).toBe('1');
    const res = await client.post('users/logout/');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
    expect((await client.get('users/profile/')).statusCode).toBe(401);
    const replay = newClient();
    replay.cookies.set('sessionid', stolen);
    expect((await replay.get('users/profile/')).statusCode).toBe(401);
  });

  it('sets Secure, __Host- prefixed cookies when the app is served over HTTPS', async () => {
    const secure = await createTestApp({ appUrl: 'https://herd.example' });
    try {
      const firm = await createFirm(secure.db);
      const client = new TestClient(secure.app);
      const first = await client.get('/api/healthcheck/');
      const csrf = first.cookies.find((c) => c.name === '__Host-csrftoken');
      expect(csrf).toMatchObject({ secure: true, path: '/' });
      expect(csrf?.domain).toBeUndefined();
      expect(first.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
      const res = await client.post('users/login/', { email: firm.adminEmail, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Host-sessionid');
      expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(session?.domain).toBeUndefined();
      expect((await client.get('users/profile/')).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
