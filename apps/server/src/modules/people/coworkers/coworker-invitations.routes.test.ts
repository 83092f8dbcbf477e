import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, emailsTo, firmMemberPkOf, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 16);
const BASE = 'accounting/accountant-coworker/';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A firm with a coworker invited but not signed in yet. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const email = uniqueEmail('invitee');
  const invited = await cast.admin.post(BASE, { email, first_name: 'Ines', last_name: 'Invitee', role: 'TEAM_MEMBER' });
  await t.runJobs(); // the invitation job creates the coworker and mails them
  return { cast, email, pk: invited.json().pk as number };
};

describe('a coworker’s open invitation', () => {
  it('is mailed again by a firm admin, and the new link signs the coworker in', async () => {
    const { cast, email, pk } = await setup();
    await t.runJobs();
    const before = (await emailsTo(t.db, email)).length;
    const res = await cast.admin.post(`${BASE}${pk}/resend-invitation/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: `Invitation sent again to ${email}.` });
    const mails = await emailsTo(t.db, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.template).toBe('INVITATION');
    const code = codeFromEmail(await t.lastMailTo(email), 'magic');
    expect((await newClient().post('login/with-magic-link/', { code })).json()).toMatchObject({ email, account_type: 'ACCOUNTANT_COWORKER' });
  });

  it('gives a firm admin a link to pass on, which signs the coworker in', async () => {
    const { cast, email, pk } = await setup();
    const res = await cast.admin.post(`${BASE}${pk}/invitation-link/`);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url.startsWith(`${TEST_APP_URL}/auth/?magic=`)).toBe(true);
    const code = new URL(url).searchParams.get('magic')!;
    expect((await newClient().post('login/with-magic-link/', { code })).json()).toMatchObject({ email });
  });

  it('is closed once the coworker has signed in: no link or mail for a colleague who uses Herd', async () => {
    const { cast, email, pk } = await setup();
    const first = await cast.admin.post(`${BASE}${pk}/invitation-link/`);
    await newClient().post('login/with-magic-link/', { code: new URL(first.json().url).searchParams.get('magic')! });
    const detail = { detail: `${email} has already signed in; they can ask for a sign-in link on the sign-in page.` };
    expect((await cast.admin.post(`${BASE}${pk}/invitation-link/`)).json()).toEqual(detail);
    const again = await cast.admin.post(`${BASE}${pk}/resend-invitation/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(detail);
  });

  it('is the firm admin’s alone: 403 for other roles, 404 for another firm’s coworker', async () => {
    const { cast, pk } = await setup();
    for (const who of [cast.clientAdmin, cast.teamMember, cast.client]) {
      expect((await who.post(`${BASE}${pk}/resend-invitation/`)).statusCode).toBe(403);
      expect((await who.post(`${BASE}${pk}/invitation-link/`)).statusCode).toBe(403);
    }
    expect((await cast.otherFirmAdmin.post(`${BASE}${pk}/invitation-link/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(`${BASE}${pk}/resend-invitation/`)).statusCode).toBe(404);
    expect((await cast.anonymous.post(`${BASE}${pk}/invitation-link/`)).statusCode).toBe(401);
    // The admin's own row has long been signed in.
    const ownPk = await firmMemberPkOf(t.db, (await cast.admin.get('users/profile/')).json().pk);
    expect((await cast.admin.post(`${BASE}${ownPk}/invitation-link/`)).statusCode).toBe(400);
  });
});
