import { startQboSimulator, type QboSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details } from '@herd/contract';
import type { LightMyRequestResponse } from 'fastify';
import { clientMaker } from '../../../../test/client.js';
import { setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { QBO_CLIENT } from '../../../../test/qbo.js';
import { isReturnOrigin } from '../../../modules/books/ledger-connections/return-origin.rule.js';

/** Herd as run locally: APP_URL says localhost, the person browses 127.0.0.1. */
const APP_URL = 'http://localhost:3000';
const HERE = { host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/dashboard/accountant/clients/' };
const AT_APP_URL = { host: 'localhost:3000' };

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const newClient = clientMaker(() => t.app, 42);

beforeAll(async () => {
  sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 2 }], autoApprove: true });
  t = await createTestApp({ appUrl: APP_URL, qbo: { mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: sim.url } });
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const realm = () => sim.companies()[0]!.realmId;

/** A redirect to a page, never a body of JSON. */
const expectRedirect = (res: LightMyRequestResponse) => {
  expect([302, 303]).toContain(res.statusCode);
  expect(res.headers['content-type'] ?? '').not.toContain('application/json');
  return new URL(String(res.headers.location), 'http://page.invalid');
};

/** Starts connecting from 127.0.0.1 and consents at Intuit: the callback Intuit sends the browser to (the registered address). */
const consentFromHere = async (approve = true) => {
  if (approve) sim.setAutoApprove(realm());
  const started = await cast.admin.get('quickbooks/oauth2/', { headers: HERE });
  expect(started.statusCode).toBe(200);
  const url = new URL(started.json().url as string);
  if (!approve) return { state: url.searchParams.get('state')!, callback: null };
  const consent = await fetch(url, { redirect: 'manual' });
  return { state: url.searchParams.get('state')!, callback: new URL(consent.headers.get('location')!) };
};

describe('the QuickBooks OAuth return', () => {
  it('with a good state, comes back to the address the person started from and finishes there', async () => {
    const { callback } = await consentFromHere();
    expect(callback!.origin).toBe(APP_URL);
    // At the registered address the browser has no session (another host's cookies): it is sent back, query intact.
    const atAppUrl = await newClient().get(`${callback!.pathname}${callback!.search}`, { headers: AT_APP_URL });
    const back = expectRedirect(atAppUrl);
    expect(back.origin).toBe('http://127.0.0.1:3000');
    expect(back.pathname).toBe(callback!.pathname);
    expect(back.search).toBe(callback!.search);
    // There, with the session and the state's cookie, the connection is made.
    const done = expectRedirect(await cast.admin.get(`${back.pathname}${back.search}`, { headers: { host: '127.0.0.1:3000' } }));
    expect(done.pathname).toBe('/dashboard/accountant/clients/');
    expect(Number(done.searchParams.get('qbo_connected'))).toBeGreaterThan(0);
  });

  it('when access was denied at Intuit, says so on the clients list', async () => {
    const { state } = await consentFromHere(false);
    const res = await cast.admin.get(`quickbooks/oauth2/?error=access_denied&state=${encodeURIComponent(state)}`, { headers: { host: '127.0.0.1:3000' } });
    const page = expectRedirect(res);
    expect(page.pathname).toBe('/dashboard/accountant/clients/');
    expect(page.searchParams.get('qbo_error')).toBe('QuickBooks was not connected: access was not granted.');
  });

  it('with a bad or expired state, says to start again, and follows no address it names', async () => {
    const forged = await cast.admin.get(
      `quickbooks/oauth2/?code=abc&realmId=${realm()}&state=${encodeURIComponent('eyJvcmlnaW4iOiJodHRwOi8vZXZpbC5leGFtcGxlIn0.forged')}`,
      {
        headers: AT_APP_URL,
      },
    );
    const page = expectRedirect(forged);
    expect(page.origin).toBe('http://page.invalid');
    expect(page.pathname).toBe('/dashboard/accountant/clients/');
    expect(page.searchParams.get('qbo_error')).toBe('This QuickBooks connection expired or was started elsewhere. Start it again.');
  });

  it('without a session, goes to sign-in, which then shows what happened', async () => {
    const { state } = await consentFromHere(false);
    const res = await newClient().get(`quickbooks/oauth2/?code=abc&realmId=${realm()}&state=${encodeURIComponent(state)}`, { headers: { host: '127.0.0.1:3000' } });
    const page = expectRedirect(res);
    expect(page.pathname).toBe('/auth/');
    const next = new URL(page.searchParams.get('next')!, 'http://page.invalid');
    expect(next.pathname).toBe('/dashboard/accountant/clients/');
    expect(next.searchParams.get('qbo_error')).toMatch(/signed out/);
  });

  it('for a firm that became read-only meanwhile, says why on the clients list; starting is refused', async () => {
    const { state } = await consentFromHere(false);
    await setSubscription(t.db, cast.firm.firmId, 'TRIAL_EXPIRED');
    try {
      const res = await cast.admin.get(`quickbooks/oauth2/?code=abc&realmId=${realm()}&state=${encodeURIComponent(state)}`, { headers: { host: '127.0.0.1:3000' } });
      expect(expectRedirect(res).searchParams.get('qbo_error')).toBe(details.readOnly);
      expect((await cast.admin.get('quickbooks/oauth2/')).statusCode).toBe(403);
    } finally {
      await setSubscription(t.db, cast.firm.firmId, 'TRIAL');
    }
  });

  it('starting still needs a signed-in admin (an answer to the app, not a page)', async () => {
    expect((await newClient().get('quickbooks/oauth2/')).statusCode).toBe(401);
    expect((await cast.teamMember.get('quickbooks/oauth2/')).statusCode).toBe(403);
  });

  it('returns only to the same server: APP_URL, or another loopback name on its port', () => {
    expect(isReturnOrigin('http://localhost:3000', APP_URL)).toBe(true);
    expect(isReturnOrigin('http://127.0.0.1:3000', APP_URL)).toBe(true);
    expect(isReturnOrigin('http://127.0.0.1:4000', APP_URL)).toBe(false);
    expect(isReturnOrigin('https://127.0.0.1:3000', APP_URL)).toBe(false);
    expect(isReturnOrigin('http://evil.example', APP_URL)).toBe(false);
    expect(isReturnOrigin('http://localhost:3000', 'https://herd.example.com')).toBe(false);
  });
});
