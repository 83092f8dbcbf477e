import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { emailsTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';
import { pendingInvitationLinks, pendingInvitations } from '../../../db/schema/index.js';

/*
 * A sign-in link copied for someone invited a moment ago, before the invitation's job has run (it runs
 * about 15 s later, never while the workers are down): the link lets that person in, taking the
 * invitation up, and stays a single-use, expiring sign-in link.
 */

let t: TestApp;
const newClient = clientMaker(() => t.app, 27);
const CLIENT_USERS = 'accounting/accountant-client-user/';
const COWORKERS = 'accounting/accountant-coworker/';
const NAMES = { first_name: 'Quinn', last_name: 'Quick' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const codeOf = (url: string) => {
  expect(url.startsWith(`${TEST_APP_URL}/auth/?magic=`)).toBe(true);
  return new URL(url).searchParams.get('magic')!;
};
const open = (client: TestClient, code: string) => client.post('login/with-magic-link/', { code });
const pendingOf = (email: string) =>
  t.db
    .select()
    .from(pendingInvitations)
    .where(sql`lower(${pendingInvitations.email}) = ${email.toLowerCase()}`);

const inviteClient = async (cast: Awaited<ReturnType<typeof signedInCast>>, email: string) => {
  const invited = await cast.admin.post(CLIENT_USERS, { email, ...NAMES, client_company: cast.clientUser.companyId });
  expect(invited.statusCode).toBe(201);
  return invited.json() as { pk: number };
};
const copyClientLink = async (cast: Awaited<ReturnType<typeof signedInCast>>, userPk: number) => {
  const res = await cast.admin.post('accounting/accountant/client-company/get-magic-link/', { client_company: cast.clientUser.companyId, user: userPk });
  expect(res.statusCode).toBe(200);
  return codeOf((res.json() as { url: string }).url);
};

describe('a sign-in link copied for a client invited a moment ago', () => {
  it('signs the person in before any job has run: the invitation is taken up and they are active', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('just-invited');
    const invited = await inviteClient(cast, email);
    const code = await copyClientLink(cast, invited.pk);
    expect(await pendingOf(email)).toHaveLength(1); // no job has run

    const browser = newClient();
    const res = await open(browser, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pk: invited.pk, email, first_name: 'Quinn' });
    expect((await browser.get('users/profile/')).json()).toMatchObject({ pk: invited.pk, email });
    expect((await browser.get(`accounting/client/company/${cast.clientUser.companyId}/retrieve/`)).statusCode).toBe(200);
    expect(await pendingOf(email)).toEqual([]);
    const listed = (await cast.admin.get(`${CLIENT_USERS}${invited.pk}/`)).json();
    expect(listed).toMatchObject({ pk: invited.pk, email, has_signed_in: true });

    // Single use: opened again signed out it is spent; in the same browser it goes on, like any sign-in link.
    expect((await open(newClient(), code)).json()).toEqual({ detail: details.codeUsedOrExpired });
    expect((await open(browser, code)).statusCode).toBe(200);
    // The job, when it runs, finds the invitation taken up and mails nothing more.
    await t.runJobs();
    expect(await emailsTo(t.db, email)).toEqual([]);
  });

  it('still works when the job took the invitation up between the copy and the click', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('job-first');
    const invited = await inviteClient(cast, email);
    const code = await copyClientLink(cast, invited.pk);
    await t.runJobs();
    expect((await emailsTo(t.db, email)).map((m) => m.template)).toEqual(['INVITATION']);
    expect(await t.db.select().from(pendingInvitationLinks).where(eq(pendingInvitationLinks.userPk, invited.pk))).toEqual([]);
    const res = await open(newClient(), code);
    expect([res.statusCode, res.json().pk]).toEqual([200, invited.pk]);
    expect((await open(newClient(), code)).statusCode).toBe(400);
  });

  it('expires like every sign-in link, and never lets in another firm’s person whose address it is', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('late');
    const invited = await inviteClient(cast, email);
    const code = await copyClientLink(cast, invited.pk);
    await t.db
      .update(pendingInvitationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingInvitationLinks.userPk, invited.pk));
    expect((await open(newClient(), code)).json()).toEqual({ detail: details.codeUsedOrExpired });
    expect(await pendingOf(email)).toHaveLength(1);

    const taken = cast.outsider.adminEmail;
    const other = await inviteClient(cast, taken);
    const takenCode = await copyClientLink(cast, other.pk);
    const refused = await open(newClient(), takenCode);
    expect([refused.statusCode, refused.json()]).toEqual([400, { detail: details.codeUsedOrExpired }]);
    expect(await pendingOf(taken)).toHaveLength(1); // the invitation stays, as the job leaves it
  });

  it('is copied only by staff who may manage that client user: another firm gets 404, a client 403 or 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const invited = await inviteClient(cast, uniqueEmail('guarded'));
    const body = { client_company: cast.clientUser.companyId, user: invited.pk };
    expect((await cast.otherFirmAdmin.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode).toBe(404);
    expect([403, 404]).toContain((await cast.client.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode);
    expect(await t.db.select().from(pendingInvitationLinks).where(eq(pendingInvitationLinks.userPk, invited.pk))).toEqual([]);
  });
});

describe('an invitation link copied for a coworker invited a moment ago', () => {
  it('signs them in as the firm member the invitation reserved', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('new-colleague');
    const invited = (await cast.admin.post(COWORKERS, { email, ...NAMES, role: 'TEAM_MEMBER' })).json() as { pk: number; user: number };
    const link = await cast.admin.post(`${COWORKERS}${invited.pk}/invitation-link/`);
    const res = await open(newClient(), codeOf(link.json().url));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pk: invited.user, email, accountant_company_user: { pk: invited.pk, role: 'TEAM_MEMBER' } });
  });
});
