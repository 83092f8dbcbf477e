import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, addFirmMember, createBanner, createClientUser, createFirm, lastEmailTo, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 3);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signedInAdmin = async () => {
  const firm = await createFirm(t.db);
  const client = newClient();
  await signIn(client, firm.adminEmail);
  return { firm, client };
};

describe('PATCH users/profile/update/', () => {
  it('updates name and phone and returns the profile', async () => {
    const { client } = await signedInAdmin();
    const res = await client.patch('users/profile/update/', { first_name: ' Grace ', phone: '+1 415 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Grace', last_name: 'Admin', phone: '+1 415 555 0100' });
    expect((await client.get('users/profile/')).json().first_name).toBe('Grace');
  });

  it('refuses a blank name and a malformed phone with field errors', async () => {
    const { client } = await signedInAdmin();
    const res = await client.patch('users/profile/update/', { first_name: '', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['First name is required.'], phone: ['Phone is not valid.'] });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await newClient().patch('users/profile/update/', { first_name: 'X' })).statusCode).toBe(401);
    const { client } = await signedInAdmin();
    expect((await client.patch('users/profile/update/', { first_name: 'X' }, { withoutCsrf: true })).statusCode).toBe(403);
  });
});

describe('POST users/profile/password/', () => {
  it('changes the password, keeps this session, signs out the others and tells the user', async () => {
    const { firm, client } = await signedInAdmin();
    const other = newClient();
    await signIn(other, firm.adminEmail);

    const res = await client.post('users/profile/password/', { current_password: PASSWORD, new_password: 'a-new-password' });
    expect(res.statusCode).toBe(204);
    expect((await client.get('users/profile/')).statusCode).toBe(200);
    expect((await other.get('users/profile/')).statusCode).toBe(401);
    await signIn(newClient(), firm.adminEmail, 'a-new-password');
    expect((await lastEmailTo(t.db, firm.adminEmail))?.template).toBe('PASSWORD_CHANGED');
  });

  it('refuses a wrong current password, a missing one and a short new one', async () => {
    const { client } = await signedInAdmin();
    const wrong = await client.post('users/profile/password/', { current_password: 'not-my-password', new_password: 'a-new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['The current password is not correct.'] });
    const missing = await client.post('users/profile/password/', { new_password: 'a-new-password' });
    expect(missing.json()).toEqual({ current_password: ['Current password is required.'] });
    const short = await client.post('users/profile/password/', { current_password: PASSWORD, new_password: 'tiny' });
    expect(short.json()).toEqual({ new_password: ['New password must be at least 10 characters.'] });
  });

  it('lets a magic-link-only client set a first password without a current one', async () => {
    const firm = await createFirm(t.db);
    const user = await createClientUser(t.db, firm.firmId, { password: null });
    const client = newClient();
    await client.post('login/send-magic-link/', { email: user.email });
    const code = (await t.lastMailTo(user.email)).match(/magic=([\w-]+)/)![1];
    expect((await client.post('login/with-magic-link/', { code })).statusCode).toBe(200);
    expect((await client.post('users/profile/password/', { new_password: 'first-password!' })).statusCode).toBe(204);
    await signIn(newClient(), user.email, 'first-password!');
  });
});

describe('global banners', () => {
  it('shows global and own-firm banners, never another firm’s, and dismisses for this user only', async () => {
    const { firm, client } = await signedInAdmin();
    const otherFirm = await createFirm(t.db);
    const global = await createBanner(t.db, { message: 'Everyone sees this' });
    const own = await createBanner(t.db, { message: 'Only our firm', firmId: firm.firmId, level: 'warning' });
    const foreign = await createBanner(t.db, { message: 'Not ours', firmId: otherFirm.firmId });
    await createBanner(t.db, { message: 'Retired', active: false });

    const banners = (await client.get('users/profile/')).json().global_banners as { pk: number }[];
    const pks = banners.map((b) => b.pk);
    expect(pks).toContain(global.pk);
    expect(pks).toContain(own.pk);
    expect(pks).not.toContain(foreign.pk);
    expect(banners.find((b) => b.pk === own.pk)).toEqual({ pk: own.pk, message: 'Only our firm', level: 'warning', dismissible: true });

    expect((await client.post('generic/global-banners/dismiss/', { pk: own.pk })).statusCode).toBe(204);
    const after = (await client.get('users/profile/')).json().global_banners.map((b: { pk: number }) => b.pk);
    expect(after).not.toContain(own.pk);
    expect(after).toContain(global.pk);

    // Dismissals belong to the user: a colleague in the same firm still sees it.
    const colleague = await addFirmMember(t.db, firm.firmId);
    const colleagueClient = newClient();
    await signIn(colleagueClient, colleague.email);
    const theirs = (await colleagueClient.get('users/profile/')).json().global_banners.map((b: { pk: number }) => b.pk);
    expect(theirs).toContain(own.pk);

    const otherAdmin = newClient();
    await signIn(otherAdmin, otherFirm.adminEmail);
    expect((await otherAdmin.post('generic/global-banners/dismiss/', { pk: own.pk })).statusCode).toBe(404);
  });

  it('refuses to dismiss a banner that must stay, and validates the pk', async () => {
    const { client } = await signedInAdmin();
    const sticky = await createBanner(t.db, { message: 'Billing issue', dismissible: false });
    const res = await client.post('generic/global-banners/dismiss/', { pk: sticky.pk });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This banner cannot be dismissed.' });
    expect((await client.post('generic/global-banners/dismiss/', { pk: 'x' })).json()).toEqual({ pk: ['Banner is not valid.'] });
    expect((await newClient().post('generic/global-banners/dismiss/', { pk: sticky.pk })).statusCode).toBe(401);
  });
});
