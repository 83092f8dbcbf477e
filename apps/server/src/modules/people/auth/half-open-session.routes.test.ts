import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allEndpoints, mfaSignInEndpoints, authEndpoints, type Endpoint } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { PASSWORD, createClientUser, createFirm, setMfa } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 72);
let companyPk: number;
let halfOpen: TestClient;
let signedOut: TestClient;

/** Where a session waiting for its second factor may go: the second step itself, and signing in or out again. */
const open = new Set<Endpoint>([...Object.values(mfaSignInEndpoints), ...Object.values(authEndpoints)]);

const pathOf = (endpoint: Endpoint) => endpoint.path.replace(/\{\w+\}/g, String(companyPk));
const send = (client: TestClient, endpoint: Endpoint) =>
  client.request(endpoint.method, pathOf(endpoint), endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { body: {} });

beforeAll(async () => {
  t = await createTestApp({ featureFlagDefaults: ['FEATURE_TRANSACTION_ANALYTICS'], e2eOutbox: true });
  const firm = await createFirm(t.db);
  companyPk = (await createClientUser(t.db, firm.firmId)).companyId;
  await setMfa(t.db, firm.adminId, 'TOTP');
  halfOpen = newClient();
  const res = await halfOpen.post('users/login/', { email: firm.adminEmail, password: PASSWORD });
  expect(res.json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });
  signedOut = newClient();
  await signedOut.get('/api/healthcheck/');
});
afterAll(async () => t?.close());

describe('a session waiting for its second factor', () => {
  it('reaches no endpoint of the table: each answers it exactly as it answers a signed-out browser', async () => {
    const others = allEndpoints().filter((e) => !open.has(e));
    expect(others.length).toBeGreaterThan(50);
    let refused = 0;
    for (const endpoint of others) {
      const asHalfOpen = await send(halfOpen, endpoint);
      const asSignedOut = await send(signedOut, endpoint);
      expect([endpoint.method, endpoint.path, asHalfOpen.statusCode]).toEqual([endpoint.method, endpoint.path, asSignedOut.statusCode]);
      if (asSignedOut.statusCode === 401) refused += 1;
    }
    // Most answer 401; the others refuse the empty body first (400), a path (404), or are public (client config, the test outbox).
    expect(refused).toBeGreaterThan(50);
    // Still half-open after all of that.
    expect((await halfOpen.get('users/profile/')).json()).toEqual({ detail: 'Finish signing in with your verification code.' });
  });

  it('lasts ten minutes: past them it is signed out and must start again with the password', async () => {
    const firm = await createFirm(t.db);
    await setMfa(t.db, firm.adminId, 'TOTP');
    const late = newClient();
    expect((await late.post('users/login/', { email: firm.adminEmail, password: PASSWORD })).json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });
    await t.db.execute(sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${firm.adminId}`);
    const res = await late.get('users/profile/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toEqual({ detail: 'Finish signing in with your verification code.' });
    // The second step no longer finds a session to finish.
    const verify = await late.post('users/mfa/totp/verify/otp/', { code: '123456' });
    expect([verify.statusCode, verify.json()]).toEqual([400, { detail: 'There is no sign-in waiting for a code. Sign in again.' }]);
  });
});
