import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/index.js';
import { sha256 } from '../../../lib/crypto.js';
import { clientMaker } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 23);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY_MS = 86_400_000;

const signedInSession = async () => {
  const firm = await createFirm(t.db);
  const client = newClient();
  await signIn(client, firm.adminEmail);
  const tokenHash = sha256(client.cookies.get('sessionid')!);
  return { client, tokenHash };
};

/** Moves a session back in time, as if signed in `days` ago and last seen two hours ago. */
const age = (tokenHash: string, days: number, expiresAt = new Date(Date.now() + 7 * DAY_MS)) =>
  t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS), lastSeenAt: new Date(Date.now() - 2 * 3_600_000), expiresAt })
    .where(eq(sessions.tokenHash, tokenHash));

describe('sessions end 30 days after sign-in, however active', () => {
  it('does not slide the expiry past 30 days from sign-in', async () => {
    const { client, tokenHash } = await signedInSession();
    await age(tokenHash, 25);
    expect((await client.get('users/profile/')).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + 30 * DAY_MS);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4.9 * DAY_MS);
  });

  it('refuses a session signed in more than 30 days ago, whatever expiry it stored', async () => {
    const { client, tokenHash } = await signedInSession();
    await age(tokenHash, 31);
    expect((await client.get('users/profile/')).statusCode).toBe(401);
  });
});
