import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../test/client.js';
import { PASSWORD, createFirm, signIn } from '../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 22);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signedIn = async () => {
  const firm = await createFirm(t.db);
  const client = newClient();
  await signIn(client, firm.adminEmail);
  return { firm, client };
};

const profileChange = { first_name: 'Grace' };

describe('the CSRF token is tied to the session', () => {
  it('is rotated at sign-in: the token from before no longer passes with the new session', async () => {
    const firm = await createFirm(t.db);
    const client = newClient();
    await client.get('/api/healthcheck/');
    const before = client.csrfToken()!;
    await signIn(client, firm.adminEmail);
    const after = client.csrfToken()!;
    expect(after).not.toBe(before);

    const stale = await client.patch('users/profile/update/', profileChange, { headers: { 'x-csrftoken': before } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().detail).toMatch(/CSRF/);
    expect((await client.patch('users/profile/update/', profileChange)).statusCode).toBe(200);
  });

  it('refuses a token planted in the cookie by someone else, even when the header echoes it', async () => {
    const { client } = await signedIn();
    client.cookies.set('csrftoken', 'planted-by-a-sibling-site');
    const res = await client.patch('users/profile/update/', profileChange);
    expect(res.statusCode).toBe(403);
    // The answer hands the browser its session's token back, so the page recovers on the next try.
    expect((await client.patch('users/profile/update/', profileChange)).statusCode).toBe(200);
  });

  it('refuses another session’s token', async () => {
    const { client } = await signedIn();
    const { client: other } = await signedIn();
    const res = await client.patch('users/profile/update/', profileChange, { headers: { 'x-csrftoken': other.csrfToken()! } });
    expect(res.statusCode).toBe(403);
  });

  it('is rotated at sign-out', async () => {
    const { client } = await signedIn();
    const during = client.csrfToken();
    expect((await client.post('users/logout/')).statusCode).toBe(204);
    expect(client.csrfToken()).toBeTruthy();
    expect(client.csrfToken()).not.toBe(during);
    expect((await client.post('users/login/', { email: 'nobody@example.com', password: PASSWORD })).statusCode).toBe(400);
  });
});

describe('unsafe requests must come from Herd’s own site', () => {
  it('refuses another site’s Origin, even with a valid token', async () => {
    const { client } = await signedIn();
    const res = await client.patch('users/profile/update/', profileChange, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This request came from another site and was refused.' });
    const opaque = await client.patch('users/profile/update/', profileChange, { headers: { origin: 'null' } });
    expect(opaque.statusCode).toBe(403);
  });

  it('checks the Referer when there is no Origin', async () => {
    const { client } = await signedIn();
    expect((await client.patch('users/profile/update/', profileChange, { headers: { referer: 'https://evil.example/page' } })).statusCode).toBe(403);
    expect((await client.patch('users/profile/update/', profileChange, { headers: { referer: `${TEST_APP_URL}/settings/` } })).statusCode).toBe(200);
  });

  it('accepts APP_URL’s origin, the host the request was sent to, and a request naming no page', async () => {
    const { client } = await signedIn();
    expect((await client.patch('users/profile/update/', profileChange, { headers: { origin: TEST_APP_URL } })).statusCode).toBe(200);
    expect((await client.patch('users/profile/update/', profileChange, { headers: { origin: 'http://localhost:3000', host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await client.patch('users/profile/update/', profileChange)).statusCode).toBe(200);
  });

  it('refuses a signed-out form posted from another site (a forged sign-in)', async () => {
    const res = await newClient().post('users/login/', { email: 'someone@example.com', password: PASSWORD }, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('a signed-out write without a token cookie', () => {
  it('answers 401 (not signed in) rather than 403, whatever the endpoint; with a cookie and a wrong header it stays 403', async () => {
    for (const url of ['/api/v1/users/profile/update/', '/api/v1/accounting/accountant/client-companies/create/', '/api/v1/users/login/']) {
      const res = await t.app.inject({ method: url.endsWith('update/') ? 'PATCH' : 'POST', url, payload: {} });
      expect([url, res.statusCode, res.json()]).toEqual([url, 401, { detail: 'You are not signed in.' }]);
    }
    const withCookie = await t.app.inject({ method: 'POST', url: '/api/v1/users/login/', payload: {}, cookies: { csrftoken: 'abc' }, headers: { 'x-csrftoken': 'xyz' } });
    expect(withCookie.statusCode).toBe(403);
  });
});
