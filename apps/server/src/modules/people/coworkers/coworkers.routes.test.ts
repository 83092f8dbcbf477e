import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, firmMemberPkOf, lastEmailTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 6);
const BASE = 'accounting/accountant-coworker/';
const MEMBER = 'accounting/accountant/accountant-company-user';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('coworkers', () => {
  it('a firm admin invites a coworker, who signs in by the emailed link as ACCOUNTANT_COWORKER with that role', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('newhire');
    const res = await cast.admin.post(BASE, { email, first_name: 'Nia', last_name: 'Newhire', role: 'CLIENT_ADMIN' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'CLIENT_ADMIN', has_signed_in: false });
    await t.runJobs(); // the invitation is mailed by a job, after the answer
    const mail = await lastEmailTo(t.db, email);
    expect(mail?.template).toBe('INVITATION');
    const browser = newClient();
    const profile = (await browser.post('login/with-magic-link/', { code: codeFromEmail(await t.lastMailTo(email), 'magic') })).json();
    expect(profile).toMatchObject({ account_type: 'ACCOUNTANT_COWORKER', accountant_company_user: { role: 'CLIENT_ADMIN' } });
    expect((await cast.admin.get(`${BASE}count/`)).json()).toEqual({ count: 4 });
  });

  it('refuses bad input and taken emails', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.admin.post(BASE, {})).json()).toEqual({
      email: ['Email is required.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      role: ['Role is required.'],
    });
    const taken = await cast.admin.post(BASE, { email: cast.clientUser.email, first_name: 'A', last_name: 'B', role: 'TEAM_MEMBER' });
    expect(taken.json()).toEqual({ email: ['An account with this email already exists.'] });
    const role = await cast.admin.post(BASE, { email: uniqueEmail(), first_name: 'A', last_name: 'B', role: 'OWNER' });
    expect(role.json()).toEqual({ role: ['Role is not valid.'] });
  });

  it('only a firm admin manages the team; everyone in the firm can see it; other firms get 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const body = { email: uniqueEmail(), first_name: 'A', last_name: 'B', role: 'TEAM_MEMBER' };
    expect((await cast.clientAdmin.post(BASE, body)).statusCode).toBe(403);
    expect((await cast.teamMember.post(BASE, body)).statusCode).toBe(403);
    expect((await cast.client.post(BASE, body)).statusCode).toBe(403);
    expect((await cast.client.get(BASE)).statusCode).toBe(403);
    expect((await cast.teamMember.get(BASE)).json()).toHaveLength(3);

    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    expect((await cast.clientAdmin.patch(`${BASE}${memberPk}/`, { role: 'FIRM_ADMIN' })).statusCode).toBe(403);
    expect((await cast.teamMember.delete(`${BASE}${memberPk}/`)).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.get(`${BASE}${memberPk}/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.patch(`${BASE}${memberPk}/`, { role: 'FIRM_ADMIN' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.delete(`${BASE}${memberPk}/`)).statusCode).toBe(404);

    const promoted = await cast.admin.patch(`${BASE}${memberPk}/`, { role: 'CLIENT_ADMIN', first_name: 'Promoted' });
    expect(promoted.json()).toMatchObject({ role: 'CLIENT_ADMIN', first_name: 'Promoted' });
    expect((await cast.teamMember.get('users/profile/')).json().accountant_company_user.role).toBe('CLIENT_ADMIN');

    expect((await cast.admin.delete(`${BASE}${memberPk}/`)).statusCode).toBe(204);
    expect((await cast.teamMember.get('users/profile/')).statusCode).toBe(401);
  });

  it('keeps at least one firm admin and stops an admin removing themselves', async () => {
    const cast = await signedInCast(t.db, newClient);
    const selfPk = await firmMemberPkOf(t.db, cast.firm.adminId);
    const demote = await cast.admin.patch(`${BASE}${selfPk}/`, { role: 'TEAM_MEMBER' });
    expect(demote.json()).toEqual({ role: ['A firm needs at least one firm admin.'] });
    const remove = await cast.admin.delete(`${BASE}${selfPk}/`);
    expect(remove.json()).toEqual({ detail: 'You cannot remove yourself from the firm.' });
  });
});

describe('own member settings', () => {
  it('sets the default client (visible companies only) and tour state, for oneself only', async () => {
    const cast = await signedInCast(t.db, newClient);
    const selfPk = await firmMemberPkOf(t.db, cast.firm.adminId);
    const companyPk = cast.clientUser.companyId;
    const res = await cast.admin.patch(`${MEMBER}/${selfPk}/default-client-company/update/`, { client_company: companyPk });
    expect(res.json()).toMatchObject({ pk: selfPk, default_client_company: companyPk });
    expect((await cast.admin.get('users/profile/')).json().accountant_company_user.default_client_company).toBe(companyPk);

    const foreign = await signedInCast(t.db, newClient);
    expect((await cast.admin.patch(`${MEMBER}/${selfPk}/default-client-company/update/`, { client_company: foreign.clientUser.companyId })).statusCode).toBe(404);
    expect((await cast.teamMember.patch(`${MEMBER}/${selfPk}/default-client-company/update/`, { client_company: null })).statusCode).toBe(404);

    const tour = await cast.admin.patch(`${MEMBER}/${selfPk}/tour/clients-list/update/`, { completed: true });
    expect(tour.json().tours).toEqual({ 'clients-list': true });
    expect((await cast.admin.patch(`${MEMBER}/${selfPk}/tour/clients-list/update/`, {})).json()).toEqual({ completed: ['Completed is required.'] });
    expect((await cast.otherFirmAdmin.patch(`${MEMBER}/${selfPk}/tour/clients-list/update/`, { completed: true })).statusCode).toBe(404);
    expect((await cast.client.patch(`${MEMBER}/${selfPk}/tour/clients-list/update/`, { completed: true })).statusCode).toBe(403);
  });
});
