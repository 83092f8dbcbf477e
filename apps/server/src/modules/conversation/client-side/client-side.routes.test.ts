import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, firmMemberPkOf, lastEmailTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { restrictedCast, signInInvited } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 7);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('client side', () => {
  it('lists and retrieves the client’s own companies; another company is 404', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { pinned_note: 'Welcome aboard' });
    const list = (await cast.client.get('accounting/client/companies/list/')).json();
    expect(list).toEqual([expect.objectContaining({ pk, name: 'Client Co', pinned_note: 'Welcome aboard', role: 'CLIENT' })]);
    expect((await cast.client.get(`accounting/client/company/${pk}/retrieve/`)).statusCode).toBe(200);

    const other = await signedInCast(t.db, newClient);
    expect((await cast.client.get(`accounting/client/company/${other.clientUser.companyId}/retrieve/`)).statusCode).toBe(404);
    expect((await cast.admin.get('accounting/client/companies/list/')).statusCode).toBe(403);
  });

  it('lets an accountant view a visible company as its client, and nothing else', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await cast.admin.get(`accounting/client/company/${pk}/retrieve/`)).json().name).toBe('Client Co');
    expect((await cast.otherFirmAdmin.get(`accounting/client/company/${pk}/retrieve/`)).statusCode).toBe(404);
    expect((await cast.teamMember.get(`accounting/client/company/${pk}/retrieve/`)).statusCode).toBe(404);
  });

  it('names the accountant to contact: the assigned team member, else the firm admin', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const first = (await cast.client.get('accounting/my-accountant/')).json();
    expect(first).toMatchObject({ firm: { pk: cast.firm.firmId, company_name: 'Test Firm' }, contact: { email: cast.firm.adminEmail } });
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { assigned_members: [memberPk] });
    const second = (await cast.client.get(`accounting/my-accountant/?client_company=${pk}`)).json();
    expect(second.contact.name).toBe('Cody Coworker');
    const other = await signedInCast(t.db, newClient);
    expect((await cast.client.get(`accounting/my-accountant/?client_company=${other.clientUser.companyId}`)).statusCode).toBe(404);
  });

  it('a client invites and removes a coworker; coworkers and outsiders may not', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const email = uniqueEmail('bookkeeper');
    const res = await cast.client.post('accounting/client-coworker/', { email, first_name: 'Bo', last_name: 'Keeper', client_company: pk });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'CLIENT_COWORKER', has_signed_in: false });
    const people = (await cast.client.get(`accounting/client-coworker/?client_company=${pk}`)).json();
    expect(people.map((p: { email: string }) => p.email).sort()).toEqual([cast.clientUser.email, email].sort());

    const coworker = newClient();
    await t.runJobs(); // the invitation is mailed by a job, after the answer
    expect((await lastEmailTo(t.db, email))?.template).toBe('INVITATION');
    const profile = (await coworker.post('login/with-magic-link/', { code: codeFromEmail(await t.lastMailTo(email), 'magic') })).json();
    expect(profile.account_type).toBe('CLIENT_COWORKER');
    const again = await coworker.post('accounting/client-coworker/', { email: uniqueEmail(), first_name: 'X', last_name: 'Y', client_company: pk });
    expect(again.statusCode).toBe(403);

    const other = await signedInCast(t.db, newClient);
    expect((await other.client.post('accounting/client-coworker/', { email: uniqueEmail(), first_name: 'X', last_name: 'Y', client_company: pk })).statusCode).toBe(404);
    expect((await other.client.get(`accounting/client-coworker/?client_company=${pk}`)).statusCode).toBe(404);
    expect((await other.client.delete(`accounting/client-coworker/${res.json().pk}/?client_company=${pk}`)).statusCode).toBe(404);

    expect((await cast.client.delete(`accounting/client-coworker/${cast.clientUser.userId}/?client_company=${pk}`)).statusCode).toBe(404);
    expect((await cast.client.delete(`accounting/client-coworker/${res.json().pk}/?client_company=${pk}`)).statusCode).toBe(204);
    expect((await coworker.get('users/profile/')).statusCode).toBe(401);
  });

  it('a restricted client’s coworker inherits the restrictions: they see no more than the inviter', async () => {
    const { cast, pk, fuel, rent, visa } = await restrictedCast(t.db, newClient);
    const email = uniqueEmail('bookkeeper');
    expect((await cast.client.post('accounting/client-coworker/', { email, first_name: 'Bo', last_name: 'Keeper', client_company: pk })).statusCode).toBe(201);
    const coworker = await signInInvited(t, newClient, email);
    const seen = (await coworker.get(`accounting/client/company/${pk}/transactions/list/`)).json();
    expect(seen.results.map((r: { pk: number }) => r.pk)).toEqual([fuel]);
    expect((await coworker.get(`accounting/notes/transaction/${rent}/note/list/`)).statusCode).toBe(404);
    const restrictions = (await cast.admin.get(`accounting/accountant/user-account-restrictions/?client_company=${pk}`)).json();
    const invitee = restrictions.filter((r: { user: number }) => r.user !== cast.clientUser.userId);
    expect(invitee).toEqual([expect.objectContaining({ account: expect.objectContaining({ pk: visa }), kind: 'PAYMENT_ACCOUNT' })]);
  });

  it('an unrestricted client’s coworker is unrestricted too', async () => {
    const { cast, pk } = await restrictedCast(t.db, newClient);
    await cast.admin.post('accounting/accountant/user-account-restrictions/bulk-delete/', {
      pks: (await cast.admin.get(`accounting/accountant/user-account-restrictions/?client_company=${pk}`)).json().map((r: { pk: number }) => r.pk),
    });
    const email = uniqueEmail('bookkeeper');
    await cast.client.post('accounting/client-coworker/', { email, first_name: 'Bo', last_name: 'Keeper', client_company: pk });
    const coworker = await signInInvited(t, newClient, email);
    expect((await coworker.get(`accounting/client/company/${pk}/transactions/list/`)).json().count).toBe(2);
  });

  it('validates the invitation and requires the company in the query', async () => {
    const cast = await signedInCast(t.db, newClient);
    expect((await cast.client.post('accounting/client-coworker/', { client_company: cast.clientUser.companyId })).json()).toEqual({
      email: ['Email is required.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
    });
    expect((await cast.client.get('accounting/client-coworker/')).json()).toEqual({ client_company: ['Client company is required.'] });
  });
});
