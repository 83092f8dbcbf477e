import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, clientMaker } from '../../../../test/client.js';
import { codeFromEmail, emailsTo, firmMemberPkOf, lastEmailTo, setSubscription, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 5);
const USERS = 'accounting/accountant-client-user/';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const newCompany = async (client: TestClient, name = 'Invite Co') =>
  (await client.post('accounting/accountant/client-companies/create/', { name, connection_kind: 'CONNECTIONLESS' })).json() as { pk: number };

const invite = (client: TestClient, companyPk: number, email = uniqueEmail('invitee')) =>
  client.post(USERS, { email, first_name: 'Ivy', last_name: 'Invitee', client_company: companyPk });

describe('inviting client users', () => {
  it('creates a password-less client, emails a branded sign-in link that lands them on their company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = await newCompany(cast.admin, 'Maple Dental');
    const email = uniqueEmail('ivy');
    const res = await invite(cast.admin, company.pk, email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      account_type: 'CLIENT',
      client_companies: [{ pk: company.pk, name: 'Maple Dental' }],
      has_signed_in: false,
    });
    await t.runJobs(); // the invitation is mailed by a job, after the answer
    const mail = await lastEmailTo(t.db, email);
    expect(mail).toMatchObject({ template: 'INVITATION', subject: 'Test Firm invited you to Herd' });
    expect(mail!.textBody).toContain('Maple Dental');

    const browser = newClient();
    const signIn = await browser.post('login/with-magic-link/', { code: codeFromEmail(await t.lastMailTo(email), 'magic') });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ account_type: 'CLIENT', client_firm: { company_name: 'Test Firm' } });
    const listed = (await cast.admin.get(`${USERS}?client_company=${company.pk}`)).json();
    expect(listed.results[0].has_signed_in).toBe(true);
  });

  it('adds an existing client of the same firm to a second company instead of failing', async () => {
    const cast = await signedInCast(t.db, newClient);
    const second = await newCompany(cast.admin, 'Second Co');
    const res = await invite(cast.admin, second.pk, cast.clientUser.email);
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .client_companies.map((c: { pk: number }) => c.pk)
        .sort(),
    ).toEqual([cast.clientUser.companyId, second.pk].sort());
  });

  it('refuses the firm’s own staff emails, duplicates and bad input; another firm’s client is answered like anyone', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = await newCompany(cast.admin);
    expect((await invite(cast.admin, company.pk, cast.firm.adminEmail)).json()).toEqual({
      email: ['This email belongs to an accountant and cannot be added as a client.'],
    });
    const foreign = await signedInCast(t.db, newClient);
    // Whom another firm's people are must not show: invite-enumeration.routes.test.ts compares the answers.
    expect((await invite(cast.admin, company.pk, foreign.clientUser.email)).statusCode).toBe(201);
    expect((await invite(cast.admin, cast.clientUser.companyId, cast.clientUser.email)).json()).toEqual({
      email: ['This person already has access to this client.'],
    });
    expect((await cast.admin.post(USERS, {})).json()).toEqual({
      email: ['Email is required.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      client_company: ['Client company is required.'],
    });
  });

  it('gives 404 for a company of another firm or one a team member is not assigned to', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await invite(cast.otherFirmAdmin, cast.clientUser.companyId)).statusCode).toBe(404);
    expect((await invite(cast.teamMember, cast.clientUser.companyId)).statusCode).toBe(404);
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`accounting/accountant/client-company/${cast.clientUser.companyId}/update/`, { assigned_members: [memberPk] });
    expect((await invite(cast.teamMember, cast.clientUser.companyId)).statusCode).toBe(201);
    expect((await invite(cast.client, cast.clientUser.companyId)).statusCode).toBe(403);
  });
});

describe('managing client users', () => {
  it('lists, searches, updates and removes; other firms get 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = await newCompany(cast.admin);
    const email = uniqueEmail('zed');
    const created = (await cast.admin.post(USERS, { email, first_name: 'Zed', last_name: 'Zulu', client_company: company.pk })).json();

    const found = (await cast.admin.get(`${USERS}?search=zulu`)).json();
    expect(found.results.map((u: { pk: number }) => u.pk)).toEqual([created.pk]);
    expect((await cast.admin.get(`${USERS}${created.pk}/`)).json().email).toBe(email);
    expect((await cast.otherFirmAdmin.get(`${USERS}${created.pk}/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(USERS)).json().results.map((u: { pk: number }) => u.pk)).not.toContain(created.pk);

    const updated = await cast.admin.patch(`${USERS}${created.pk}/`, { phone: '+44 20 7946 0000', first_name: '' });
    expect(updated.json()).toEqual({ first_name: ['First name is required.'] });
    expect((await cast.admin.patch(`${USERS}${created.pk}/`, { phone: '+44 20 7946 0000' })).json().phone).toBe('+44 20 7946 0000');
    expect((await cast.otherFirmAdmin.patch(`${USERS}${created.pk}/`, { phone: '1234567' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.delete(`${USERS}${created.pk}/`)).statusCode).toBe(404);

    expect((await cast.admin.delete(`${USERS}${created.pk}/`)).statusCode).toBe(204);
    expect((await cast.admin.get(`${USERS}${created.pk}/`)).statusCode).toBe(404);
    // The account is gone: the email can be invited afresh.
    expect((await invite(cast.admin, company.pk, email)).statusCode).toBe(201);
  });

  it('removing one of two companies keeps the user and their other access', async () => {
    const cast = await signedInCast(t.db, newClient);
    const second = await newCompany(cast.admin, 'Second');
    await invite(cast.admin, second.pk, cast.clientUser.email);
    const pk = cast.clientUser.userId;
    expect((await cast.admin.delete(`${USERS}${pk}/?client_company=${second.pk}`)).statusCode).toBe(204);
    const user = (await cast.admin.get(`${USERS}${pk}/`)).json();
    expect(user.client_companies.map((c: { pk: number }) => c.pk)).toEqual([cast.clientUser.companyId]);
    expect((await cast.client.get('users/profile/')).statusCode).toBe(200);
  });
});

describe('contacts update', () => {
  it('corrects a client’s phone at once and their email once the new address confirms it; the firm’s own taken emails and other firms are refused', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.userId;
    const email = uniqueEmail('corrected');
    const res = await cast.admin.patch(`users/accountant/user/${pk}/contacts-update/`, { email: email.toUpperCase(), phone: '+1 212 555 0199' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: cast.clientUser.email, phone: '+1 212 555 0199' });
    await t.runJobs();
    const code = codeFromEmail(await t.lastMailTo(email), 'email-change');
    expect((await newClient().post('users/email-change/confirm/', { code })).statusCode).toBe(200);
    expect((await cast.admin.get(`${USERS}${pk}/`)).json()).toMatchObject({ email });
    expect((await newClient().post('users/login/', { email, password: 'correct-horse-battery' })).statusCode).toBe(200);
    expect((await cast.admin.patch(`users/accountant/user/${pk}/contacts-update/`, { email: cast.firm.adminEmail })).json()).toEqual({
      email: ['An account with this email already exists.'],
    });
    expect((await cast.admin.patch(`users/accountant/user/${pk}/contacts-update/`, { email: 'nope' })).json()).toEqual({ email: ['Email is not valid.'] });
    expect((await cast.otherFirmAdmin.patch(`users/accountant/user/${pk}/contacts-update/`, { phone: '5551234' })).statusCode).toBe(404);
    expect((await cast.client.patch(`users/accountant/user/${pk}/contacts-update/`, { phone: '5551234' })).statusCode).toBe(403);
  });
});

describe('a client user of an assigned and an unassigned company', () => {
  /** A team member assigned to the cast's company, whose client also belongs to a company the member is not assigned to. */
  const sharedClient = async () => {
    const cast = await signedInCast(t.db, newClient);
    const assigned = cast.clientUser.companyId;
    const hidden = await newCompany(cast.admin, 'Not Assigned Co');
    await invite(cast.admin, hidden.pk, cast.clientUser.email);
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`accounting/accountant/client-company/${assigned}/update/`, { assigned_members: [memberPk] });
    return { cast, assigned, hidden: hidden.pk, user: cast.clientUser.userId };
  };
  const refused = { detail: 'This person also has access to a client you are not assigned to; ask an admin of your firm.' };

  it('a team member gets no sign-in link that would open the unassigned company', async () => {
    const { cast, assigned, hidden, user } = await sharedClient();
    const link = (client_company: number) => cast.teamMember.post('accounting/accountant/client-company/get-magic-link/', { client_company, user });
    expect((await link(hidden)).statusCode).toBe(404);
    const res = await link(assigned);
    expect([res.statusCode, res.json()]).toEqual([403, refused]);
    expect((await cast.admin.post('accounting/accountant/client-company/get-magic-link/', { client_company: assigned, user })).statusCode).toBe(200);
  });

  it('a team member cannot change the shared user’s email, phone or name', async () => {
    const { cast, user } = await sharedClient();
    const contacts = await cast.teamMember.patch(`users/accountant/user/${user}/contacts-update/`, { email: uniqueEmail('takeover') });
    expect([contacts.statusCode, contacts.json()]).toEqual([403, refused]);
    expect((await cast.teamMember.patch(`${USERS}${user}/`, { phone: '+1 212 555 0100' })).statusCode).toBe(403);
    expect((await cast.admin.get(`${USERS}${user}/`)).json()).toMatchObject({ email: cast.clientUser.email, phone: '' });
    // What they can see of the user stays readable, and only their assigned company shows.
    const seen = (await cast.teamMember.get(`${USERS}${user}/`)).json();
    expect(seen.client_companies.map((c: { pk: number }) => c.pk)).toEqual([cast.clientUser.companyId]);
    expect((await cast.admin.patch(`users/accountant/user/${user}/contacts-update/`, { phone: '+1 212 555 0101' })).statusCode).toBe(200);
  });

  it('a team member removing the user takes away only the assigned company', async () => {
    const { cast, assigned, hidden, user } = await sharedClient();
    expect((await cast.teamMember.delete(`${USERS}${user}/?client_company=${hidden}`)).statusCode).toBe(404);
    expect((await cast.teamMember.delete(`${USERS}${user}/`)).statusCode).toBe(204);
    const left = (await cast.admin.get(`${USERS}${user}/`)).json();
    expect(left.client_companies.map((c: { pk: number }) => c.pk)).toEqual([hidden]);
    expect(assigned).not.toBe(hidden);
  });
});

describe('magic links and notify now', () => {
  it('gets a working sign-in link for a client user of a visible company', async () => {
    const cast = await signedInCast(t.db, newClient);
    const res = await cast.admin.post('accounting/accountant/client-company/get-magic-link/', {
      client_company: cast.clientUser.companyId,
      user: cast.clientUser.userId,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url.startsWith(`${TEST_APP_URL}/auth/?magic=`)).toBe(true);
    const browser = newClient();
    expect((await browser.post('login/with-magic-link/', { code: new URL(url).searchParams.get('magic') })).json().email).toBe(cast.clientUser.email);

    const body = { client_company: cast.clientUser.companyId, user: cast.clientUser.userId };
    expect((await cast.otherFirmAdmin.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode).toBe(404);
    expect((await cast.teamMember.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode).toBe(404);
    expect((await cast.client.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode).toBe(403);
    const other = await newCompany(cast.admin, 'Other');
    expect((await cast.admin.post('accounting/accountant/client-company/get-magic-link/', { client_company: other.pk, user: cast.clientUser.userId })).statusCode).toBe(
      404,
    );
    // Still available when the subscription lapsed: signing in changes no data; notifying does ask for work.
    await setSubscription(t.db, cast.firm.firmId, 'CANCELLED');
    expect((await cast.admin.post('accounting/accountant/client-company/get-magic-link/', body)).statusCode).toBe(200);
    expect((await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: cast.clientUser.companyId })).statusCode).toBe(403);
  });

  it('emails every user of the company a reminder with the pinned note and their own link', async () => {
    const cast = await signedInCast(t.db, newClient);
    const companyPk = cast.clientUser.companyId;
    await cast.admin.patch(`accounting/accountant/client-company/${companyPk}/update/`, { pinned_note: 'March statements please' });
    const second = uniqueEmail('second');
    await invite(cast.admin, companyPk, second);
    await t.runJobs(); // the invitation job creates the user
    const res = await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: companyPk });
    expect(res.json()).toEqual({ sent: 2 });
    for (const email of [cast.clientUser.email, second]) {
      const mail = await lastEmailTo(t.db, email);
      expect(mail).toMatchObject({ template: 'CLIENT_REMINDER' });
      expect(mail!.textBody).toContain('March statements please');
      expect(codeFromEmail(await t.lastMailTo(email), 'magic')).toBeTruthy();
    }
    expect((await cast.otherFirmAdmin.post('accounting/accountant/client-company/send-notification/', { client_company: companyPk })).statusCode).toBe(404);
    expect(await emailsTo(t.db, cast.outsider.adminEmail)).toHaveLength(0);

    const empty = await newCompany(cast.admin, 'Nobody here');
    const none = await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: empty.pk });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toMatch(/no users to notify/);
  });
});

describe('the client users list filtered by a company', () => {
  it('answers 404 for another firm’s company (or one a team member is not assigned), never an empty list', async () => {
    const cast = await signedInCast(t.db, newClient);
    const own = await cast.admin.get(`${USERS}?client_company=${cast.clientUser.companyId}`);
    expect([own.statusCode, own.json().count]).toEqual([200, 1]);
    const foreignCompany = (await newCompany(cast.otherFirmAdmin, 'Elsewhere LLC')).pk;
    const foreign = await cast.admin.get(`${USERS}?client_company=${foreignCompany}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await cast.teamMember.get(`${USERS}?client_company=${cast.clientUser.companyId}`)).statusCode).toBe(404);
  });
});
