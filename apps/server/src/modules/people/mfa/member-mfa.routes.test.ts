import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, addFirmMember, createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { setUpTotp } from '../../../../test/mfa.js';
import { findMemberMfa } from './mfa.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 73);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const memberPath = (pk: number, action: 'mfa-setup/update' | 'mfa-reset') => `accounting/accountant/accountant-company-user/${pk}/${action}/`;

/** A firm, its admin signed in, and a team member (with their member pk, read from the team list). */
const firmWithMember = async (role: 'TEAM_MEMBER' | 'CLIENT_ADMIN' = 'TEAM_MEMBER') => {
  const firm = await createFirm(t.db);
  const member = await addFirmMember(t.db, firm.firmId, role);
  const admin = newClient();
  await signIn(admin, firm.adminEmail);
  const list = (await admin.get('accounting/accountant-coworker/')).json() as { pk: number; email: string }[];
  return { firm, member, admin, memberPk: list.find((m) => m.email === member.email)!.pk };
};

describe('a firm admin requires MFA of a team member', () => {
  it('sets mfa_enabled, which the member’s profile shows with is_mfa_setup still false', async () => {
    const { member, admin, memberPk } = await firmWithMember();
    const res = await admin.patch(memberPath(memberPk, 'mfa-setup/update'), { mfa_enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pk: memberPk, mfa_enabled: true, is_mfa_setup: false, mfa_method: null });
    const client = newClient();
    const profile = await signIn(client, member.email);
    expect(profile.accountant_company_user).toMatchObject({ role: 'TEAM_MEMBER', mfa_enabled: true, is_mfa_setup: false });
    expect((await admin.patch(memberPath(memberPk, 'mfa-setup/update'), {})).json()).toEqual({ mfa_enabled: ['Require MFA is required.'] });
  });

  it('is refused for admins (they choose for themselves), for other roles (403) and another firm’s member (404)', async () => {
    const { admin, memberPk, member } = await firmWithMember('CLIENT_ADMIN');
    expect((await admin.patch(memberPath(memberPk, 'mfa-setup/update'), { mfa_enabled: true })).json()).toEqual({
      mfa_enabled: ['Firm admins and client admins set up two-step verification themselves.'],
    });
    const clientAdmin = newClient();
    await signIn(clientAdmin, member.email);
    expect((await clientAdmin.patch(memberPath(memberPk, 'mfa-setup/update'), { mfa_enabled: false })).statusCode).toBe(403);
    const other = await firmWithMember();
    expect((await admin.patch(memberPath(other.memberPk, 'mfa-setup/update'), { mfa_enabled: true })).statusCode).toBe(404);
    expect((await admin.post(memberPath(other.memberPk, 'mfa-reset'))).statusCode).toBe(404);
  });
});

describe('a firm admin resets a member’s MFA', () => {
  it('turns it off, signs the member out everywhere, and keeps it required so they set it up again', async () => {
    const { member, admin, memberPk, firm } = await firmWithMember();
    await admin.patch(memberPath(memberPk, 'mfa-setup/update'), { mfa_enabled: true });
    const phone = newClient();
    await signIn(phone, member.email);
    await setUpTotp(phone);
    expect((await newClient().post('users/login/', { email: member.email, password: PASSWORD })).json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });

    const res = await admin.post(memberPath(memberPk, 'mfa-reset'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pk: memberPk, mfa_enabled: true, is_mfa_setup: false, mfa_method: null });
    expect((await phone.get('users/profile/')).statusCode).toBe(401);
    expect(await t.lastMailTo(member.email)).toContain('An admin of your firm removed the second factor of your account and its recovery codes');
    const profile = await signIn(newClient(), member.email);
    expect(profile.accountant_company_user).toMatchObject({ mfa_enabled: true, is_mfa_setup: false });
    expect(await findMemberMfa(t.db, firm.firmId, memberPk)).toMatchObject({ mfaMethod: null, isMfaSetup: false });
  });

  it('is not for one’s own account', async () => {
    const { admin, firm } = await firmWithMember();
    const list = (await admin.get('accounting/accountant-coworker/')).json() as { pk: number; email: string }[];
    const own = list.find((m) => m.email === firm.adminEmail)!.pk;
    expect((await admin.post(memberPath(own, 'mfa-reset'))).json()).toEqual({ detail: 'You cannot reset your own two-step verification. Ask another firm admin.' });
  });
});
