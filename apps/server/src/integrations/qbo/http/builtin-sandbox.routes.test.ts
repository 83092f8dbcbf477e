import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

/** Herd as run locally without Intuit credentials: APP_URL says localhost, the person may browse 127.0.0.1. */
const APP_URL = 'http://localhost:3000';
const HERE = { host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/dashboard/accountant/clients/' };

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const newClient = clientMaker(() => t.app, 43);

beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => t?.close());

/** Connect QuickBooks pressed: where the web app sends the browser. */
const consentUrl = async (client: TestClient) => {
  const started = await client.get('quickbooks/oauth2/', { headers: HERE });
  expect(started.statusCode).toBe(200);
  return started.json().url as string;
};
const realmsOn = (html: string) => [...html.matchAll(/name="realmId" value="(\d+)"/g)].map((m) => m[1]);

describe('the built-in QuickBooks sandbox’s consent page', () => {
  it('is on the address the person uses, shows their firm its own companies, and may hand on to APP_URL’s callback', async () => {
    const url = await consentUrl(cast.admin);
    expect(url.startsWith('/sandbox/qbo/connect/oauth2?')).toBe(true);
    const page = await cast.admin.get(url, { headers: HERE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox Bakery Co. (sandbox)');
    expect(realmsOn(page.body)).toHaveLength(2);
    // The form answers to the callback registered at APP_URL's address: the page's policy lets it go there.
    expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' ${APP_URL}`);
  });

  it('gives each firm companies of its own, the same ones each time', async () => {
    const mine = realmsOn((await cast.admin.get(await consentUrl(cast.admin), { headers: HERE })).body);
    expect(realmsOn((await cast.admin.get(await consentUrl(cast.admin), { headers: HERE })).body)).toEqual(mine);
    const theirs = realmsOn((await cast.otherFirmAdmin.get(await consentUrl(cast.otherFirmAdmin), { headers: HERE })).body);
    expect(theirs).toHaveLength(2);
    expect(theirs.filter((realm) => mine.includes(realm))).toEqual([]);
  });

  it('answers nobody but the person who pressed Connect: not the signed-out, not another firm, not a forged state', async () => {
    const url = await consentUrl(cast.admin);
    for (const stranger of [newClient(), cast.otherFirmAdmin, cast.client]) {
      const page = await stranger.get(url, { headers: HERE });
      expect(page.statusCode).toBe(401);
      expect(page.body).not.toContain('Sandbox Bakery');
    }
    const forged = url.replace(/state=[^&]+/, 'state=eyJ1c2VySWQiOjF9.forged');
    expect((await cast.admin.get(forged, { headers: HERE })).statusCode).toBe(401);
  });

  it('refuses to grant another firm’s company, even to a firm member who started a connection', async () => {
    const theirRealm = realmsOn((await cast.otherFirmAdmin.get(await consentUrl(cast.otherFirmAdmin), { headers: HERE })).body)[0]!;
    const url = new URL(await consentUrl(cast.admin), 'http://127.0.0.1:3000');
    const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), response_type: 'code', decision: 'connect', realmId: theirRealm });
    const granted = await cast.admin.post(url.pathname, form.toString(), { headers: { ...HERE, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(granted.statusCode).toBe(400);
    expect(granted.headers.location).toBeUndefined();
  });

  it('lets the person who started connect their own company: the callback gets a code for it', async () => {
    const url = new URL(await consentUrl(cast.admin), 'http://127.0.0.1:3000');
    const mine = realmsOn((await cast.admin.get(`${url.pathname}${url.search}`, { headers: HERE })).body)[0]!;
    const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), response_type: 'code', decision: 'connect', realmId: mine });
    const granted = await cast.admin.post(url.pathname, form.toString(), { headers: { ...HERE, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(granted.statusCode).toBe(302);
    const callback = new URL(String(granted.headers.location));
    expect(callback.origin).toBe(APP_URL);
    expect(callback.searchParams.get('realmId')).toBe(mine);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });
});
