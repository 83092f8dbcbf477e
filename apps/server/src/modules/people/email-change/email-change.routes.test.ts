import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, emailsTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { pendingEmailChanges, users } from '../../../db/schema/index.js';

/*
 * Changing a client user's email must not tell the accountant whether the new address belongs to another
 * firm's person: the answer is the same, the new address confirms the change, and an address that is taken
 * is only told that someone tried to use it.
 */

let t: TestApp;
const newClient = clientMaker(() => t.app, 24);
const CONTACTS = (pk: number) => `users/accountant/user/${pk}/contacts-update/`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const userRow = async (pk: number) => (await t.db.select().from(users).where(eq(users.pk, pk)))[0]!;

describe('changing a client user’s email', () => {
  it('answers alike for another firm’s address and an unknown one; the unknown one confirms, the taken one is told', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.userId;
    const taken = cast.outsider.adminEmail;
    const free = uniqueEmail('new-address');
    const before = await userRow(pk);
    const outsiderBefore = (await t.db.select().from(users).where(eq(users.email, taken)))[0]!;

    const toTaken = await cast.admin.patch(CONTACTS(pk), { email: taken });
    const toFree = await cast.admin.patch(CONTACTS(pk), { email: free });
    expect(toTaken.statusCode).toBe(200);
    expect(toFree.statusCode).toBe(toTaken.statusCode);
    expect(toFree.body).toBe(toTaken.body);
    expect(toTaken.json()).toMatchObject({ email: before.email });
    // Nothing was mailed before the answer, and the user is unchanged until the link is opened.
    expect(await emailsTo(t.db, taken)).toEqual([]);
    expect(await emailsTo(t.db, free)).toEqual([]);
    expect(await userRow(pk)).toEqual(before);

    // The second request replaced the first: only the free address gets a link. Ask again for the taken one.
    await t.runJobs();
    await cast.admin.patch(CONTACTS(pk), { email: taken });
    await t.runJobs();
    expect((await emailsTo(t.db, taken)).map((m) => m.template)).toEqual(['EMAIL_CHANGE_TAKEN']);
    const notice = await t.lastMailTo(taken);
    expect(notice).toContain('tried to give your email address to another person’s Herd account');
    expect(notice).not.toMatch(/magic=|reset=|signup=|email-change=/);
    expect((await t.db.select().from(users).where(eq(users.email, taken)))[0]).toEqual(outsiderBefore);
    expect(await userRow(pk)).toEqual(before);
    expect(await t.db.select().from(pendingEmailChanges).where(eq(pendingEmailChanges.userId, pk))).toEqual([]);

    // The link mailed to the free address was replaced by the later request: it no longer works.
    const staleCode = codeFromEmail(await t.lastMailTo(free), 'email-change');
    expect((await newClient().post('users/email-change/confirm/', { code: staleCode })).json()).toEqual({ detail: 'This link is invalid or has expired.' });

    // Asked again, the free address confirms: the email changes once, and the link works once.
    await cast.admin.patch(CONTACTS(pk), { email: free });
    const code = codeFromEmail(await t.lastMailTo(free), 'email-change');
    const outboxCopy = (await emailsTo(t.db, free)).at(-1)!;
    expect(outboxCopy.textBody).toContain('email-change=…');
    const confirmed = await newClient().post('users/email-change/confirm/', { code });
    expect(confirmed.json()).toEqual({ detail: `Your email address is now ${free}. Use it to sign in from now on.` });
    expect((await userRow(pk)).email).toBe(free);
    expect((await newClient().post('users/email-change/confirm/', { code })).json()).toEqual({
      detail: 'This link has expired or was already used. You can ask for a new one.',
    });
  });

  it('keeps the field error for an address of the firm’s own people', async () => {
    const cast = await signedInCast(t.db, newClient);
    const res = await cast.admin.patch(CONTACTS(cast.clientUser.userId), { email: cast.firm.adminEmail });
    expect(res.json()).toEqual({ email: ['An account with this email already exists.'] });
    expect((await newClient().post('users/email-change/confirm/', { code: 'not-a-code' })).statusCode).toBe(400);
  });
});
