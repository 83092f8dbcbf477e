import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { XeroIdentity } from './oauth-store.js';
import { xeroSimulatorPlugin } from './server.js';
import { createXeroState } from './state.js';
import { BASIC, CLIENT_ID, CLIENT_SECRET } from './test-support.js';

const REDIRECT = 'http://localhost/cb';
const person = (name: string): XeroIdentity => ({ sub: `sub-${name}`, xeroUserId: `xero-${name}`, email: `${name}@example.com`, givenName: name, familyName: 'Tester' });

/** A host that names the person at the consent page from a header, as Herd's sandbox does from its session. */
const hostedSimulator = async () => {
  const state = createXeroState({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, organisations: [{ transactions: 0 }, { transactions: 0 }] });
  const app = Fastify();
  await app.register(xeroSimulatorPlugin, {
    state,
    consentScope: async (request) => ({ organisations: [...state.orgs.keys()], user: person(String(request.headers['x-person'])) }),
  });
  const authorize = async (who: string, scope: string, tenants: string[] = []) => {
    const query = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', scope, redirect_uri: REDIRECT, state: 's' });
    if (tenants.length > 0) query.set('decision', 'allow');
    for (const tenant of tenants) query.append('tenantId', tenant);
    // The consent form posts its ticks, as the page does.
    const response = await app.inject({
      method: 'POST',
      url: '/identity/connect/authorize',
      headers: { 'x-person': who, 'content-type': 'application/x-www-form-urlencoded' },
      payload: query.toString(),
    });
    return new URL(String(response.headers.location ?? 'http://none/')).searchParams.get('code');
  };
  const tokens = async (code: string | null) => {
    const response = await app.inject({
      method: 'POST',
      url: '/identity/connect/token',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code: code ?? '', redirect_uri: REDIRECT }).toString(),
    });
    return response.json() as { access_token: string; refresh_token?: string; id_token?: string };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return { state, app, authorize, tokens, bearer };
};

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('who signs in at the Xero simulator', () => {
  it('signs a person in with identity scopes alone, picking no organisation, and names them as the host said', async () => {
    const { app, authorize, tokens, bearer } = await hostedSimulator();
    const code = await authorize('ann', 'openid profile email');
    expect(code).toBeTruthy();
    const granted = await tokens(code);
    expect(granted.refresh_token).toBeUndefined();
    expect(claimsOf(granted.id_token ?? '')).toMatchObject({ sub: 'sub-ann', xero_userid: 'xero-ann', email: 'ann@example.com' });
    const info = await app.inject({ method: 'GET', url: '/identity/connect/userinfo', headers: bearer(granted.access_token) });
    expect(info.json()).toMatchObject({ xero_userid: 'xero-ann', email: 'ann@example.com', given_name: 'ann' });
    expect((await app.inject({ method: 'GET', url: '/connections', headers: bearer(granted.access_token) })).json()).toEqual([]);
  });

  it('lists each person only their own connections, and the access token names its consent', async () => {
    const { state, app, authorize, tokens, bearer } = await hostedSimulator();
    const [one, two] = [...state.orgs.keys()];
    const ann = await tokens(await authorize('ann', 'openid offline_access accounting.settings', [one!]));
    const bob = await tokens(await authorize('bob', 'openid offline_access accounting.settings', [one!, two!]));
    const listed = async (token: string) =>
      (await app.inject({ method: 'GET', url: '/connections', headers: bearer(token) })).json() as { tenantId: string; id: string; authEventId: string }[];
    expect((await listed(ann.access_token)).map((c) => c.tenantId)).toEqual([one]);
    expect((await listed(bob.access_token)).map((c) => c.tenantId).sort()).toEqual([one, two].sort());
    expect((await listed(bob.access_token)).every((c) => c.authEventId === claimsOf(bob.access_token).authentication_event_id)).toBe(true);
    // Nobody disconnects another person's connection.
    const annsConnection = (await listed(ann.access_token))[0]!.id;
    expect((await app.inject({ method: 'DELETE', url: `/connections/${annsConnection}`, headers: bearer(bob.access_token) })).statusCode).toBe(404);
    expect(await listed(ann.access_token)).toHaveLength(1);
  });
});
