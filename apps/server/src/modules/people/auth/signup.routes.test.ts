import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmMembers, pendingSignups, subscriptions, users } from '../../../db/schema/index.js';
import { sha256 } from '../../../lib/crypto.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { codeFromEmail, createFirm, emailsTo, signIn, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'quiet harbour lantern 42';
const signupBody = (email = uniqueEmail('signup')) => ({ email, password: PASSWORD, first_name: 'Pat', last_name: 'Ledger', company_name: 'Ledger & Co' });
const CONFIRM = 'users/accountant-signup/confirm/';

/** Asks to sign up and returns the code of the link that was mailed for it. */
const requestLink = async (client: TestClient, email: string) => {
  const res = await client.post('users/accountant-signup/', signupBody(email));
  expect(res.statusCode).toBe(200);
  return codeFromEmail(await t.lastMailTo(email), 'signup');
};

const firmsOf = async (email: string) => {
  const [user] = await t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ? t.db.select().from(firmMembers).where(eq(firmMembers.userId, user.pk)) : [];
};

describe('signing up by an emailed link', () => {
  it('creates nothing until the link is opened; the link creates the firm on a 14-day trial and signs its admin in', async () => {
    const email = uniqueEmail('confirm');
    const client = newClient();
    const res = await client.post('users/accountant-signup/', signupBody(email));
    expect(res.json()).toEqual({ detail: 'Check your email: we sent you a link to finish creating your firm. It works for 24 hours.' });
    await t.runJobs();
    expect(await firmsOf(email)).toHaveLength(0);
    expect((await client.get('users/profile/')).statusCode).toBe(401);

    const mail = await t.lastMailTo(email);
    expect((await emailsTo(t.db, email)).map((m) => m.subject)).toEqual(['Confirm your email to finish creating Ledger & Co']);
    const confirmed = await client.post(CONFIRM, { code: codeFromEmail(mail, 'signup') });
    expect(confirmed.statusCode).toBe(200);
    const profile = confirmed.json();
    expect(profile).toMatchObject({
      email,
      first_name: 'Pat',
      account_type: 'ACCOUNTANT',
      accountant_company_user: { role: 'FIRM_ADMIN', company: { company_name: 'Ledger & Co', main_color: null } },
    });
    const [sub] = await t.db.select().from(subscriptions).innerJoin(firmMembers, eq(firmMembers.firmId, subscriptions.firmId)).where(eq(firmMembers.userId, profile.pk));
    expect(sub!.subscriptions.status).toBe('TRIAL');
    const days = (sub!.subscriptions.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect((await client.get('users/profile/')).json().pk).toBe(profile.pk);
    // The password chosen at sign-up is the one that signs in.
    expect((await signIn(newClient(), email, PASSWORD)).pk).toBe(profile.pk);
  });

  it('keeps neither the password nor the code in the clear, and the outbox copy of the link is masked', async () => {
    const email = uniqueEmail('hashed');
    const code = await requestLink(newClient(), email);
    const [row] = await t.db
      .select()
      .from(pendingSignups)
      .where(eq(pendingSignups.codeHash, sha256(code)));
    // At the production cost (19 MiB, two passes): the test fixtures' cheap hash is theirs alone.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(code);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [stored] = await emailsTo(t.db, email);
    expect(stored!.textBody).toContain('/auth/?signup=…');
    expect(stored!.textBody).not.toContain(code);
  });

  it('works once: a second click signed in as the new admin goes on, anyone else is told the link was used', async () => {
    const email = uniqueEmail('twice');
    const browser = newClient();
    const code = await requestLink(browser, email);
    const first = await browser.post(CONFIRM, { code });
    expect(first.statusCode).toBe(200);
    const again = await browser.post(CONFIRM, { code });
    expect(again.statusCode).toBe(200);
    expect(again.json().pk).toBe(first.json().pk);

    const elsewhere = await newClient().post(CONFIRM, { code });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ detail: 'This link has expired or was already used. You can ask for a new one.' });
    const other = await createFirm(t.db);
    const someoneElse = newClient();
    await signIn(someoneElse, other.adminEmail);
    expect((await someoneElse.post(CONFIRM, { code })).statusCode).toBe(400);
    expect(await firmsOf(email)).toHaveLength(1);
  });

  it('lets only one of two simultaneous clicks create the firm', async () => {
    const email = uniqueEmail('race');
    const code = await requestLink(newClient(), email);
    const answers = await Promise.all([newClient().post(CONFIRM, { code }), newClient().post(CONFIRM, { code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await firmsOf(email)).toHaveLength(1);
  });

  it('refuses an expired link, and an unknown one', async () => {
    const email = uniqueEmail('expired');
    const code = await requestLink(newClient(), email);
    await t.db
      .update(pendingSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignups.codeHash, sha256(code)));
    const res = await newClient().post(CONFIRM, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This link has expired or was already used. You can ask for a new one.' });
    expect(await firmsOf(email)).toHaveLength(0);
    const unknown = await newClient().post(CONFIRM, { code: 'not-a-code-anyone-was-sent' });
    expect(unknown.json()).toEqual({ detail: 'This link is invalid or has expired.' });
  });

  it('makes one account of two links to the same email: the second says the email now has one', async () => {
    const email = uniqueEmail('two-links');
    const first = await requestLink(newClient(), email);
    const second = await requestLink(newClient(), email);
    expect((await newClient().post(CONFIRM, { code: first })).statusCode).toBe(200);
    const res = await newClient().post(CONFIRM, { code: second });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists.' });
    expect(await firmsOf(email)).toHaveLength(1);
  });
});

describe('signing up with an email that already has an account', () => {
  it('answers exactly as for a new email; the owner is told by email to sign in, and nothing is kept', async () => {
    await t.runJobs();
    const firm = await createFirm(t.db);
    const observable = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      const { date: _date, 'set-cookie': _cookie, ...headers } = res.headers;
      return { status: res.statusCode, body: res.body, headers };
    };
    const known = await newClient().post('users/accountant-signup/', signupBody(firm.adminEmail.toUpperCase()));
    const unknown = await newClient().post('users/accountant-signup/', signupBody(uniqueEmail('fresh')));
    expect(known.statusCode).toBe(200);
    expect(observable(known)).toEqual(observable(unknown));
    // The answer looked nothing up: the emails wait in jobs.
    expect(await emailsTo(t.db, firm.adminEmail)).toHaveLength(0);

    const mail = await t.lastMailTo(firm.adminEmail);
    expect(mail).toContain('already belongs to a Herd account');
    expect(mail).not.toContain('signup=');
    expect((await emailsTo(t.db, firm.adminEmail)).map((m) => m.template)).toEqual(['SIGNUP_EXISTING_ACCOUNT']);
    expect(
      await t.db
        .select()
        .from(pendingSignups)
        .where(sql`lower(${pendingSignups.email}) = ${firm.adminEmail.toLowerCase()}`),
    ).toHaveLength(0);
    expect(await firmsOf(firm.adminEmail)).toHaveLength(1);
  });

  it('refuses a weak password the same way whoever the email belongs to', async () => {
    const firm = await createFirm(t.db);
    const weak = { ...signupBody(firm.adminEmail), password: 'password12' };
    const known = await newClient().post('users/accountant-signup/', weak);
    const unknown = await newClient().post('users/accountant-signup/', { ...weak, email: uniqueEmail('weak') });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual(unknown.json());
  });
});

describe('sign-up limits', () => {
  it('sends at most five links to one email in 15 minutes, from any address', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i += 1) expect((await newClient().post('users/accountant-signup/', signupBody(email))).statusCode).toBe(200);
    const res = await newClient().post('users/accountant-signup/', signupBody(email));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
