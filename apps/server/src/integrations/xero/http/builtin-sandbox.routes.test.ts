import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

/** Herd as run locally without Xero credentials: APP_URL says localhost, the person may browse 127.0.0.1. */
const APP_URL = 'http://localhost:3000';
const HERE = { host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/dashboard/accountant/clients/' };
const FORM = { ...HERE, 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const newClient = clientMaker(() => t.app, 53);

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => t?.close());

/** A Xero button pressed: where the web app sends the browser. */
const consentUrl = async (client: TestClient, path = 'xero/oauth2/') => {
  const started = await client.get(path, { headers: HERE });
  expect(started.statusCode).toBe(200);
  return new URL(started.json().url as string, 'http://127.0.0.1:3000');
};
const tenantsOn = (html: string) => [...html.matchAll(/name="tenantId" value="([0-9a-f-]+)"/g)].map((m) => m[1]!);

/** Consents with these organisations ticked; answers the callback the sandbox sends the browser to. */
const allow = async (client: TestClient, url: URL, tenants: string[]) => {
  const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'allow' });
  for (const tenant of tenants) form.append('tenantId', tenant);
  return client.post(url.pathname, form.toString(), { headers: FORM });
};

/** Who the sandbox says signed in, as Herd would ask it: the code traded at the token endpoint, then userinfo. */
const personOf = async (callback: URL) => {
  const { clientId, clientSecret } = t.app.deps.config.xero;
  const token = await t.app.inject({
    method: 'POST',
    url: '/sandbox/xero/identity/connect/token',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: `${APP_URL}/api/v1/xero/oauth2/`,
    }).toString(),
  });
  const info = await t.app.inject({ url: '/sandbox/xero/identity/connect/userinfo', headers: { authorization: `Bearer ${token.json().access_token as string}` } });
  return info.json() as { email: string; xero_userid: string };
};

describe('the built-in Xero sandbox', () => {
  it('shows the person who pressed Connect their firm’s own two organisations, and nobody else anything', async () => {
    const url = await consentUrl(cast.admin);
    expect(url.pathname).toBe('/sandbox/xero/identity/connect/authorize');
    const page = await cast.admin.get(`${url.pathname}${url.search}`, { headers: HERE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbour Cafe Ltd (sandbox)');
    const mine = tenantsOn(page.body);
    expect(mine).toHaveLength(2);
    expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' ${APP_URL}`);
    const theirUrl = await consentUrl(cast.otherFirmAdmin);
    const theirs = tenantsOn((await cast.otherFirmAdmin.get(`${theirUrl.pathname}${theirUrl.search}`, { headers: HERE })).body);
    expect(theirs).toHaveLength(2);
    expect(theirs.filter((tenant) => mine.includes(tenant))).toEqual([]);
    for (const stranger of [newClient(), cast.otherFirmAdmin, cast.client]) {
      const answer = await stranger.get(`${url.pathname}${url.search}`, { headers: HERE });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('Harbour Cafe');
    }
    // Another firm's organisation is not the admin's to tick.
    expect((await allow(cast.admin, url, [theirs[0]!])).statusCode).toBe(400);
  });

  it('signs the consenting member in at the sandbox as themself, so "Sign in with Xero" in that browser is them and nobody else', async () => {
    const url = await consentUrl(cast.admin);
    const mine = tenantsOn((await cast.admin.get(`${url.pathname}${url.search}`, { headers: HERE })).body);
    const granted = await allow(cast.admin, url, mine);
    expect(granted.statusCode).toBe(302);
    const callback = new URL(String(granted.headers.location));
    expect(callback.origin).toBe(APP_URL);
    expect(await personOf(callback)).toMatchObject({ email: cast.firm.adminEmail });

    // Signed out in the same browser, "Sign in with Xero" asks Xero who this is: the member's sandbox login.
    await cast.admin.post('users/logout/');
    const signin = await consentUrl(cast.admin, 'xero/oauth2/signin/');
    const back = await cast.admin.get(`${signin.pathname}${signin.search}`, { headers: HERE });
    expect(back.statusCode).toBe(302);
    expect(await personOf(new URL(String(back.headers.location)))).toMatchObject({ email: cast.firm.adminEmail });

    // Another browser has no sandbox login: it is someone Herd does not know.
    const stranger = newClient();
    const theirs = await consentUrl(stranger, 'xero/oauth2/signin/');
    const strangerBack = await stranger.get(`${theirs.pathname}${theirs.search}`, { headers: HERE });
    expect((await personOf(new URL(String(strangerBack.headers.location)))).email).not.toBe(cast.firm.adminEmail);
  });
});
