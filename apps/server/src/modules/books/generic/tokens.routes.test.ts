import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationTokens } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 17);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const tokensPath = (companyPk: number) => `accounting/accountant/client-company/${companyPk}/generic/tokens/`;

const newGenericCompany = async (admin: TestClient, name = 'Generic Co') =>
  (await admin.post('accounting/accountant/client-companies/create/', { name, connection_kind: 'GENERIC' })).json() as { pk: number };

/** Calls the generic ledger's API as the other system would. */
const api = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/generic-client/ingest/published/', headers: { authorization: `Bearer ${token}` } });

const setup = async (body: Record<string, unknown> = {}) => {
  const cast = await signedInCast(t.db, newClient);
  const company = await newGenericCompany(cast.admin);
  const created = await cast.admin.post(tokensPath(company.pk), { name: 'ERP', ...body });
  expect(created.statusCode).toBe(201);
  return { cast, company, created: created.json() as { pk: number; token: string; expires_at: string | null } };
};

const listed = async (admin: TestClient, companyPk: number) => (await admin.get(tokensPath(companyPk))).json() as { pk: number; last_used_at: string | null }[];

describe('generic ledger API tokens and disconnecting', () => {
  it('disconnecting the company revokes its tokens, and a disconnected company gets no new one', async () => {
    const { cast, company, created } = await setup();
    expect((await api(created.token)).statusCode).toBe(200);
    expect((await cast.admin.post(`accounting/accountant/client-company/${company.pk}/disconnect/`)).statusCode).toBe(200);
    expect((await api(created.token)).statusCode).toBe(401);
    expect(await listed(cast.admin, company.pk)).toEqual([]);
    const [row] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.pk, created.pk));
    expect(row!.revokedAt).not.toBeNull();
    expect((await cast.admin.post(tokensPath(company.pk), { name: 'Again' })).json()).toEqual({
      detail: 'This client is disconnected, so it cannot have API tokens.',
    });
  });

  it('disconnecting every company revokes every company’s tokens', async () => {
    const { cast, created } = await setup();
    const second = await newGenericCompany(cast.admin, 'Second Generic');
    const secondToken = (await cast.admin.post(tokensPath(second.pk), { name: 'ERP 2' })).json().token as string;
    const outsider = await setup();
    expect((await cast.admin.post('accounting/accountant/disconnect-all/')).statusCode).toBe(200);
    expect((await api(created.token)).statusCode).toBe(401);
    expect((await api(secondToken)).statusCode).toBe(401);
    // Another firm's tokens are not touched.
    expect((await api(outsider.created.token)).statusCode).toBe(200);
  });
});

describe('token expiry', () => {
  it('a token made with an expiry works until then, and answers 401 after', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { cast, company, created } = await setup({ expires_at: expiresAt });
    expect(created.expires_at).toBe(expiresAt);
    expect((await listed(cast.admin, company.pk))[0]).toMatchObject({ pk: created.pk, expires_at: expiresAt });
    expect((await api(created.token)).statusCode).toBe(200);
    await t.db
      .update(integrationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationTokens.pk, created.pk));
    const expired = await api(created.token);
    expect([expired.statusCode, expired.json()]).toEqual([401, { detail: 'This API token has expired.' }]);
  });

  it('without an expiry a token does not expire; a past or malformed expiry is refused', async () => {
    const { cast, company, created } = await setup();
    expect(created.expires_at).toBeNull();
    const past = await cast.admin.post(tokensPath(company.pk), { name: 'Old', expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.json()).toEqual({ expires_at: ['Expiry must be in the future.'] });
    expect((await cast.admin.post(tokensPath(company.pk), { name: 'Bad', expires_at: 'next week' })).json()).toEqual({ expires_at: ['Expiry is not valid.'] });
    expect((await cast.admin.post(tokensPath(company.pk), { name: 'None', expires_at: null })).json().expires_at).toBeNull();
  });
});

describe('token last use', () => {
  it('records when a token was last used, writing at most once a minute', async () => {
    const { cast, company, created } = await setup();
    expect((await listed(cast.admin, company.pk))[0]!.last_used_at).toBeNull();
    await api(created.token);
    const first = (await listed(cast.admin, company.pk))[0]!.last_used_at;
    expect(first).not.toBeNull();
    await api(created.token);
    expect((await listed(cast.admin, company.pk))[0]!.last_used_at).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.update(integrationTokens).set({ lastUsedAt: twoMinutesAgo }).where(eq(integrationTokens.pk, created.pk));
    await api(created.token);
    const later = (await listed(cast.admin, company.pk))[0]!.last_used_at!;
    expect(new Date(later).getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });
});
