import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { XeroSimulator } from './simulator.js';
import { apiClient, BASIC, CLIENT_ID, startTestSimulator } from './test-support.js';

const REDIRECT = 'http://localhost:3000/api/v1/integrations/xero/callback';
const SCOPES = 'openid profile email offline_access accounting.transactions accounting.settings';

function authorizeUrl(sim: XeroSimulator, overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', scope: SCOPES, redirect_uri: REDIRECT, state: 'csrf-1', ...overrides });
  return `${sim.url}/identity/connect/authorize?${params}`;
}

async function tokenRequest(sim: XeroSimulator, form: Record<string, string>, authorization = BASIC) {
  const response = await fetch(`${sim.url}/identity/connect/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

const redirectParams = (response: Response) => new URL(response.headers.get('location') ?? '').searchParams;

describe('Xero OAuth 2.0', () => {
  it('shows a consent page listing the organisations with checkboxes, and connects the ticked ones', async () => {
    const sim = await startTestSimulator({
      organisations: [
        { name: 'Alpha Ltd', transactions: 2 },
        { name: 'Beta Ltd', transactions: 2 },
        { name: 'Gamma Ltd', transactions: 2 },
      ],
    });
    const page = await fetch(authorizeUrl(sim));
    const html = await page.text();
    expect(html).toContain('type="checkbox" name="tenantId"');
    expect(html).toContain('Alpha Ltd');
    expect(html).toContain('Gamma Ltd');
    const [alpha, , gamma] = sim.organisations();
    const form = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', scope: SCOPES, redirect_uri: REDIRECT, state: 'csrf-1', decision: 'allow' });
    form.append('tenantId', alpha?.tenantId ?? '');
    form.append('tenantId', gamma?.tenantId ?? '');
    const approved = await fetch(`${sim.url}/identity/connect/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(approved.status).toBe(302);
    expect(redirectParams(approved).get('state')).toBe('csrf-1');
    const tokens = await tokenRequest(sim, { grant_type: 'authorization_code', code: redirectParams(approved).get('code') ?? '', redirect_uri: REDIRECT });
    expect(tokens.status).toBe(200);

    const connections = await fetch(`${sim.url}/connections`, { headers: { authorization: `Bearer ${String(tokens.body.access_token)}` } });
    const rows = (await connections.json()) as Record<string, string>[];
    expect(rows.map((row) => row.tenantName).sort()).toEqual(['Alpha Ltd', 'Gamma Ltd']);
    expect(rows[0]).toMatchObject({ tenantType: 'ORGANISATION' });
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['authEventId', 'createdDateUtc', 'id', 'tenantId', 'tenantName', 'tenantType', 'updatedDateUtc']);
    const cancelled = await fetch(`${sim.url}/identity/connect/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${form.toString()}&decision=cancel`.replace('decision=allow&', ''),
    });
    expect(redirectParams(cancelled).get('error')).toBe('access_denied');
  });

  it('exchanges a code for tokens with id_token and scope, rotates refresh tokens once each, and refuses a reused one', async () => {
    const sim = await startTestSimulator({ autoApprove: true });
    const authorized = await fetch(authorizeUrl(sim), { redirect: 'manual' });
    const code = redirectParams(authorized).get('code') ?? '';
    const first = await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ expires_in: 1800, token_type: 'Bearer', scope: SCOPES });
    expect(typeof first.body.refresh_token).toBe('string');
    // The code is single use; the client must authenticate.
    expect((await tokenRequest(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).body).toEqual({ error: 'invalid_grant' });
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) }, 'Basic eDp5')).status).toBe(401);

    // The id_token verifies against the JWKS and names the user.
    const [header, payload, signature] = String(first.body.id_token).split('.');
    const jwks = (await (await fetch(`${sim.url}/identity/.well-known/openid-configuration/jwks`)).json()) as { keys: JsonWebKey[] };
    const key = createPublicKey({ key: jwks.keys[0] ?? {}, format: 'jwk' });
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.${payload}`)
        .verify(key, Buffer.from(signature ?? '', 'base64url')),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      iss: 'https://identity.xero.com',
      aud: CLIENT_ID,
      email: 'sandbox.user@example.com',
    });

    const second = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const reused = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(reused).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: String(second.body.refresh_token) })).status).toBe(200);
  });

  it('expires access tokens after 30 minutes and refresh tokens after 60 days unused', async () => {
    const sim = await startTestSimulator();
    const tenantId = sim.organisations()[0]?.tenantId ?? '';
    const tokens = sim.connect(tenantId);
    const api = apiClient(sim, tenantId, tokens.access_token);
    expect((await api.get('/Accounts')).status).toBe(200);
    sim.advanceClock(30 * 60_000);
    const expired = await api.get('/Accounts');
    expect(expired.status).toBe(401);
    expect(String(expired.body.Detail)).toContain('TokenExpired');
    const refreshed = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.status).toBe(200);
    sim.advanceClock(60 * 86_400_000);
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: String(refreshed.body.refresh_token) })).body).toEqual({ error: 'invalid_grant' });
  });

  it('gives no refresh token without offline_access, and userinfo only with openid', async () => {
    const sim = await startTestSimulator();
    const plain = sim.connect(undefined, ['accounting.transactions']);
    expect(plain.refresh_token).toBeUndefined();
    expect((await fetch(`${sim.url}/identity/connect/userinfo`, { headers: { authorization: `Bearer ${plain.access_token}` } })).status).toBe(403);
    const full = sim.connect();
    const info = await fetch(`${sim.url}/identity/connect/userinfo`, { headers: { authorization: `Bearer ${full.access_token}` } });
    expect(await info.json()).toMatchObject({ email: 'sandbox.user@example.com', given_name: 'Sandy' });
  });

  it('refuses an unknown client or redirect on a page and bad scopes by redirect', async () => {
    const sim = await startTestSimulator({ redirectUris: [REDIRECT] });
    expect((await fetch(authorizeUrl(sim, { client_id: 'other' }))).status).toBe(400);
    expect((await fetch(authorizeUrl(sim, { redirect_uri: 'http://evil.example/cb' }))).status).toBe(400);
    const badScope = await fetch(authorizeUrl(sim, { scope: 'accounting.everything_please!' }), { redirect: 'manual' });
    expect(redirectParams(badScope).get('error')).toBe('invalid_scope');
  });
});

describe('connections', () => {
  it('filters by authEventId, disconnects a tenant with DELETE (then 403), and revocation removes the grant', async () => {
    const sim = await startTestSimulator({ organisations: [{ transactions: 1 }, { transactions: 1 }] });
    const [one, two] = sim.organisations();
    const first = sim.connect(one?.tenantId);
    const second = sim.connect(two?.tenantId);
    const auth = { authorization: `Bearer ${first.access_token}` };
    const filtered = (await (await fetch(`${sim.url}/connections?authEventId=${second.authEventId}`, { headers: auth })).json()) as { id: string; tenantId: string }[];
    expect(filtered.map((row) => row.tenantId)).toEqual([two?.tenantId]);
    expect((await fetch(`${sim.url}/connections`)).status).toBe(401);

    const api = apiClient(sim, one?.tenantId ?? '', first.access_token);
    expect((await api.get('/Contacts')).status).toBe(200);
    // A token reaches only the organisations its consent included.
    expect((await apiClient(sim, two?.tenantId ?? '', first.access_token).get('/Contacts')).status).toBe(403);
    const mine = sim.connections().find((row) => row.tenantId === one?.tenantId);
    expect((await fetch(`${sim.url}/connections/${mine?.id ?? ''}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await api.get('/Contacts')).status).toBe(403);

    const revoke = await fetch(`${sim.url}/identity/connect/revocation`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${second.refresh_token ?? ''}`,
    });
    expect(revoke.status).toBe(200);
    expect(sim.connections()).toEqual([]);
    expect((await apiClient(sim, two?.tenantId ?? '', second.access_token).get('/Contacts')).status).toBe(401);
    expect((await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: second.refresh_token ?? '' })).body).toEqual({ error: 'invalid_grant' });
  });
});
