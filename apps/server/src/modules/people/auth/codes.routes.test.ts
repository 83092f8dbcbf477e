import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../../db/schema/index.js';
import { sha256 } from '../../../lib/crypto.js';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, codeFromEmail, createClientUser, createFirm, emailsTo, lastEmailTo, signIn, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 2);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const expireCode = (code: string) =>
  t.db
    .update(oneTimeCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeCodes.codeHash, sha256(code)));

describe('magic links', () => {
  it('mails a branded sign-in link that signs the client in once', async () => {
    const firm = await createFirm(t.db, { name: 'Northwind Books' });
    const user = await createClientUser(t.db, firm.firmId, { password: null });
    const res = await newClient().post('login/send-magic-link/', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toMatch(/sign-in link/);

    const delivered = await t.lastMailTo(user.email);
    const mail = await lastEmailTo(t.db, user.email);
    expect(mail).toMatchObject({ template: 'MAGIC_LINK', subject: 'Your sign-in link', transport: 'outbox' });
    expect(mail!.sentAt).not.toBeNull();
    expect(delivered).toContain(`${TEST_APP_URL}/auth/?magic=`);
    expect(mail!.htmlBody).toContain('Northwind Books');
    const code = codeFromEmail(delivered, 'magic');
    // Only the hash is stored.
    const [stored] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.userId));
    expect(stored!.codeHash).toBe(sha256(code));
    expect(stored!.codeHash).not.toContain(code);
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const browser = newClient();
    const signedIn = await browser.post('login/with-magic-link/', { code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: user.email, account_type: 'CLIENT' });
    expect((await browser.get('users/profile/')).statusCode).toBe(200);

    const again = await newClient().post('login/with-magic-link/', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This link has expired or was already used. You can ask for a new one.' });
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const firm = await createFirm(t.db);
    const unknown = await newClient().post('login/send-magic-link/', { email });
    const known = await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await emailsTo(t.db, email)).toHaveLength(0);
  });

  it('refuses an expired link, then mails a fresh one to its owner on request', async () => {
    const firm = await createFirm(t.db);
    const user = await createClientUser(t.db, firm.firmId);
    await newClient().post('login/send-magic-link/', { email: user.email });
    const oldCode = codeFromEmail(await t.lastMailTo(user.email), 'magic');
    await expireCode(oldCode);

    const expired = await newClient().post('login/with-magic-link/', { code: oldCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/expired or was already used/);

    const resend = await newClient().post('login/send-new-magic-link/', { code: oldCode });
    expect(resend.statusCode).toBe(200);
    const newCode = codeFromEmail(await t.lastMailTo(user.email), 'magic');
    expect(newCode).not.toBe(oldCode);
    expect((await newClient().post('login/with-magic-link/', { code: newCode })).statusCode).toBe(200);
  });

  it('refuses an unknown code, and a reset code used as a sign-in link', async () => {
    const unknown = await newClient().post('login/with-magic-link/', { code: 'no-such-code' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'This link is invalid or has expired.' });
    expect((await newClient().post('login/send-new-magic-link/', { code: 'no-such-code' })).statusCode).toBe(400);

    const firm = await createFirm(t.db);
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const resetCode = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    expect((await newClient().post('login/with-magic-link/', { code: resetCode })).statusCode).toBe(400);
  });

  it('requires the code field', async () => {
    const res = await newClient().post('login/with-magic-link/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Code is required.'] });
  });

  it('throttles sign-in links to one email after 5 requests', async () => {
    const firm = await createFirm(t.db);
    for (let i = 0; i < 5; i++) {
      expect((await newClient().post('login/send-magic-link/', { email: firm.adminEmail })).statusCode).toBe(200);
    }
    const res = await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    await t.runJobs();
    expect(await emailsTo(t.db, firm.adminEmail)).toHaveLength(5);
  });

  it('throttles an address that keeps trying bad codes', async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++) {
      expect((await client.post('login/with-magic-link/', { code: `guess-${i}` })).statusCode).toBe(400);
    }
    expect((await client.post('login/with-magic-link/', { code: 'guess-final' })).statusCode).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a one-hour link; the new password works, the old one and old sessions do not', async () => {
    const firm = await createFirm(t.db);
    const oldSession = newClient();
    await signIn(oldSession, firm.adminEmail);

    expect((await newClient().post('users/reset-password/', { email: firm.adminEmail })).statusCode).toBe(200);
    const delivered = await t.lastMailTo(firm.adminEmail);
    const mail = await lastEmailTo(t.db, firm.adminEmail);
    expect(mail).toMatchObject({ template: 'PASSWORD_RESET', subject: 'Reset your password' });
    const code = codeFromEmail(delivered, 'reset');
    const [stored] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, sha256(code)));
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const res = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your password has been changed.' });

    expect((await oldSession.get('users/profile/')).statusCode).toBe(401);
    expect((await newClient().post('users/login/', { email: firm.adminEmail, password: PASSWORD })).statusCode).toBe(400);
    await signIn(newClient(), firm.adminEmail, 'brand-new-password');

    const reused = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'another-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toMatch(/expired or was already used/);
  });

  it('voids the other reset links of that user once one is used', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const first = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const second = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    expect((await newClient().post(`users/finish-reset-password/${second}/`, { password: 'second-password' })).statusCode).toBe(200);
    expect((await newClient().post(`users/finish-reset-password/${first}/`, { password: 'first-password!' })).statusCode).toBe(400);
  });

  it('refuses an expired link and a short password', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');

    const short = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['New password must be at least 10 characters.'] });

    await expireCode(code);
    const expired = await newClient().post(`users/finish-reset-password/${code}/`, { password: 'long-enough-pass' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/expired/);
  });

  it('answers an unknown email as a known one, mails nothing, and validates the email', async () => {
    const email = uniqueEmail('ghost');
    const res = await newClient().post('users/reset-password/', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'If an account exists for this email, a password reset link is on its way.' });
    expect(await emailsTo(t.db, email)).toHaveLength(0);
    const bad = await newClient().post('users/reset-password/', { email: 'nope' });
    expect(bad.json()).toEqual({ email: ['Email is not valid.'] });
  });

  it('throttles resets to one email after 5 requests', async () => {
    const firm = await createFirm(t.db);
    for (let i = 0; i < 5; i++) await newClient().post('users/reset-password/', { email: firm.adminEmail });
    expect((await newClient().post('users/reset-password/', { email: firm.adminEmail })).statusCode).toBe(429);
  });
});
