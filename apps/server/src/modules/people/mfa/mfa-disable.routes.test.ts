import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, firmMembers, mfaRecoveryCodes, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, addFirmMember, createFirm, firmMemberPkOf, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { setUpTotp } from '../../../../test/mfa.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 75);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const requirePath = (pk: number) => `accounting/accountant/accountant-company-user/${pk}/mfa-setup/update/`;

/** A team member signed in, with an authenticator app set up; the firm's admin signed in beside them. */
const memberWithTotp = async () => {
  const firm = await createFirm(t.db);
  const member = await addFirmMember(t.db, firm.firmId);
  const client = newClient();
  await signIn(client, member.email);
  await setUpTotp(client);
  const admin = newClient();
  await signIn(admin, firm.adminEmail);
  return { ...member, firm, client, admin, memberPk: await firmMemberPkOf(t.db, member.userId) };
};

describe('turning one’s own two-step verification off', () => {
  it('needs the password, then removes the method and its recovery codes so signing in takes the password alone', async () => {
    const member = await memberWithTotp();
    expect((await member.client.get('users/mfa/')).json()).toMatchObject({ mfa_method: 'TOTP', mfa_required: false });
    expect(await t.lastMailTo(member.email)).toContain('Signing in to your account now asks for a code from an authenticator app after the password.');

    expect((await member.client.post('users/mfa/disable/', {})).json()).toEqual({ password: ['Password is required.'] });
    const wrong = await member.client.post('users/mfa/disable/', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['The password is not correct.'] });
    expect((await member.client.get('users/mfa/')).json().mfa_method).toBe('TOTP');
    // A refused attempt changes nothing, so nothing is mailed.
    expect(await t.lastMailTo(member.email)).not.toContain('turned off');

    const ok = await member.client.post('users/mfa/disable/', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Two-step verification is off.' });
    const notice = await t.lastMailTo(member.email);
    expect(notice).toContain('Two-step verification was turned off: signing in to your account now needs only the password or an emailed link.');
    expect(notice).toContain('If this was not you, change your password at once');
    expect((await member.client.get('users/mfa/')).json()).toEqual({
      mfa_method: null,
      phone_hint: null,
      recovery_codes_left: 0,
      mfa_required: false,
      sms_available: true,
    });
    const [user] = await t.db.select({ totpSecret: users.totpSecret, mfaPhone: users.mfaPhone }).from(users).where(eq(users.pk, member.userId));
    expect(user).toEqual({ totpSecret: null, mfaPhone: null });
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, member.userId))).toEqual([]);
    const [membership] = await t.db.select({ isMfaSetup: firmMembers.isMfaSetup }).from(firmMembers).where(eq(firmMembers.userId, member.userId));
    expect(membership?.isMfaSetup).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_off'), eq(auditLog.targetPk, member.userId)));
    expect(audit).toHaveLength(1);

    const again = newClient();
    const login = await again.post('users/login/', { email: member.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).not.toHaveProperty('mfa_required');
    expect((await again.get('users/profile/')).statusCode).toBe(200);
    // Nothing left to turn off.
    expect((await member.client.post('users/mfa/disable/', { password: PASSWORD })).json()).toEqual({
      detail: 'Two-step verification is not turned on for this account.',
    });
  });

  it('is refused to a member whose admin requires it, until the admin stops requiring it', async () => {
    const member = await memberWithTotp();
    expect((await member.admin.patch(requirePath(member.memberPk), { mfa_enabled: true })).statusCode).toBe(200);
    expect((await member.client.get('users/mfa/')).json()).toMatchObject({ mfa_method: 'TOTP', mfa_required: true });

    const refused = await member.client.post('users/mfa/disable/', { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Your firm’s admin requires two-step verification for you, so it cannot be turned off. You can switch to another method instead.',
    });
    expect((await member.client.get('users/mfa/')).json().mfa_method).toBe('TOTP');

    // Once the admin stops requiring it, the member may turn it off.
    await member.admin.patch(requirePath(member.memberPk), { mfa_enabled: false });
    expect((await member.client.post('users/mfa/disable/', { password: PASSWORD })).statusCode).toBe(200);
  });

  it('asks someone who signs in by emailed links only to set a password first', async () => {
    const member = await memberWithTotp();
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.pk, member.userId));
    const res = await member.client.post('users/mfa/disable/', { password: 'anything-at-all' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Set a password on the Password tab first: turning two-step verification off asks for it.' });
    const [user] = await t.db
      .select({ pk: users.pk })
      .from(users)
      .where(and(eq(users.pk, member.userId), isNull(users.mfaMethod)));
    expect(user).toBeUndefined();
  });

  it('counts wrong passwords with wrong codes: after ten, even the right one waits', async () => {
    const member = await memberWithTotp();
    for (let i = 0; i < 10; i++) expect((await member.client.post('users/mfa/disable/', { password: `wrong-${i}` })).statusCode).toBe(400);
    expect((await member.client.post('users/mfa/disable/', { password: PASSWORD })).statusCode).toBe(429);
    expect((await member.client.get('users/mfa/')).json().mfa_method).toBe('TOTP');
  });
});
