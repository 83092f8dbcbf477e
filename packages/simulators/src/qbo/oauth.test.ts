import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, BASIC, CLIENT_ID, startTestSimulator } from './test-support.js';
import type { QboSimulator } from './simulator.js';

const REDIRECT = 'http://localhost:3000/api/v1/integrations/qbo/callback/';

function authorizeUrl(sim: QboSimulator, overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'com.intuit.quickbooks.accounting openid email profile',
    redirect_uri: REDIRECT,
    state: 'csrf-123',
    ...overrides,
  });
  return `${sim.url}/connect/oauth2?${params}`;
}

async function tokenRequest(sim: QboSimulator, form: Record<string, string>, authorization = BASIC) {
  const response = await fetch(`${sim.url}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function authorizeCode(sim: QboSimulator): Promise<{ code: string; realmId: string; state: string }> {
  const response = await fetch(authorizeUrl(sim), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return { code: location.searchParams.get('code') ?? '', realmId: location.searchParams.get('realmId') ?? '', state: location.searchParams.get('state') ?? '' };
}

describe('OAuth 2 code flow', () => {
  it('goes from authorize to API calls, rotates refresh tokens with a 24 h overlap, and revokes', async () => {
    const sim = await startTestSimulator({ autoApprove: true });
    const { code, realmId, state } = await authorizeCode(sim);
    expect(state).toBe('csrf-123');
    expect(realmId).toBe(sim.companies()[0]?.realmId);

    const exchanged = await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, x_refresh_token_expires_in: 8726400 });
    expect(typeof exchanged.body.id_token).toBe('string');
    const first = exchanged.body as { access_token: string; refresh_token: string };

    // The code is single use.
    expect((await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).body).toEqual({ error: 'invalid_grant' });

    const api = apiClient(sim, realmId, first.access_token);
    const info = await api.get(`/companyinfo/${realmId}`);
    expect(info.status).toBe(200);
    expect(info.body.CompanyInfo).toMatchObject({ CompanyName: 'Sandbox Company_US_1' });

    const refreshed = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // The previous refresh token still works within 24 hours of rotation…
    sim.advanceClock(23 * 3600_000);
    const again = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    // …and not after.
    sim.advanceClock(2 * 3600_000);
    expect(await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const latest = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: (again.body as { refresh_token: string }).refresh_token });
    expect(latest.status).toBe(200);
    const latestAccess = (latest.body as { access_token: string }).access_token;

    const revoke = await fetch(`${sim.url}/v2/oauth2/tokens/revoke`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: (latest.body as { refresh_token: string }).refresh_token }),
    });
    expect(revoke.status).toBe(200);
    expect(sim.revokedTokens).toHaveLength(1);
    const afterRevoke = await apiClient(sim, realmId, latestAccess).get(`/companyinfo/${realmId}`);
    expect(afterRevoke.status).toBe(401);
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: second.refresh_token })).body).toEqual({ error: 'invalid_grant' });
  });

  it('renders a consent page and redirects with the company chosen in the form', async () => {
    const sim = await startTestSimulator({ companies: [{ transactions: 1 }, { name: 'Maple Street Dental', transactions: 1 }] });
    const page = await fetch(authorizeUrl(sim));
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Maple Street Dental');
    expect(html).toContain('Connect');
    const second = sim.companies()[1]?.realmId ?? '';
    const form = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: REDIRECT,
      state: 's1',
      realmId: second,
      decision: 'connect',
    });
    const posted = await fetch(`${sim.url}/connect/oauth2`, { method: 'POST', body: form, redirect: 'manual' });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location') ?? '');
    expect(location.searchParams.get('realmId')).toBe(second);
    expect(location.searchParams.get('state')).toBe('s1');

    form.set('decision', 'cancel');
    const cancelled = await fetch(`${sim.url}/connect/oauth2`, { method: 'POST', body: form, redirect: 'manual' });
    expect(new URL(cancelled.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
  });

  it('refuses bad clients, redirect URIs, scopes and mismatched redirect_uri on exchange', async () => {
    const sim = await startTestSimulator({ autoApprove: true, redirectUris: [REDIRECT] });
    expect((await fetch(authorizeUrl(sim, { client_id: 'nope' }), { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(authorizeUrl(sim, { redirect_uri: 'http://evil.example/cb' }), { redirect: 'manual' })).status).toBe(400);
    const badScope = await fetch(authorizeUrl(sim, { scope: 'com.intuit.quickbooks.everything' }), { redirect: 'manual' });
    expect(new URL(badScope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');

    const { code } = await authorizeCode(sim);
    const wrongSecret = `Basic ${Buffer.from(`${CLIENT_ID}:wrong`).toString('base64')}`;
    expect(await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, wrongSecret)).toEqual({
      status: 401,
      body: { error: 'invalid_client' },
    });
    const mismatch = await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('invalid_grant');
  });

  it('serves userinfo for openid grants and signs id_tokens verifiable with the JWKS', async () => {
    const sim = await startTestSimulator();
    const tokens = sim.connect(undefined, ['com.intuit.quickbooks.accounting', 'openid', 'email', 'profile', 'phone']);
    const info = await fetch(`${sim.url}/v1/openid_connect/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      email: 'sandbox.user@example.com',
      emailVerified: true,
      givenName: 'Sandy',
      familyName: 'Sandbox',
      phoneNumber: expect.any(String),
    });

    const [header = '', payload = '', signature = ''] = (tokens.id_token ?? '').split('.');
    const jwks = (await (await fetch(`${sim.url}/op/v1/jwks`)).json()) as { keys: JsonWebKey[] };
    const key = createPublicKey({ key: jwks.keys[0] ?? {}, format: 'jwk' });
    expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, signature, 'base64url')).toBe(true);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ aud: [CLIENT_ID], iss: 'https://oauth.platform.intuit.com/op/v1' });

    const accountingOnly = sim.connect();
    const denied = await fetch(`${sim.url}/v1/openid_connect/userinfo`, { headers: { authorization: `Bearer ${accountingOnly.access_token}` } });
    expect(denied.status).toBe(403);
  });

  it('adds the hard expiry when asked', async () => {
    const sim = await startTestSimulator();
    const { refresh_token } = sim.connect();
    const response = await fetch(`${sim.url}/oauth2/v1/tokens/bearer`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', 'x-include-refresh-token-hard-expires-in': 'true' },
      body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refresh_token)}`,
    });
    const body = (await response.json()) as Record<string, number>;
    expect(body.x_refresh_token_hard_expires_in).toBeGreaterThan(5 * 364 * 86_400);
  });
});
