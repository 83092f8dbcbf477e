import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { firmFeatureFlags, mfaRecoveryCodes, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { PASSWORD, addFirmMember, codeFromEmail, createFirm, signIn, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { setUpTotp } from '../../../../test/mfa.js';
import { totpCodeAt } from './totp.rule.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 71);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

/** Only the clock moves: the database and the app's timers run as usual. */
const at = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
};
const STEP = 30_000;

/** A member signed in with an authenticator app set up at `start` (a step boundary plus 1 s). */
const memberWithTotp = async (start = Math.floor(Date.now() / STEP) * STEP + 1000) => {
  at(start);
  const firm = await createFirm(t.db);
  const member = await addFirmMember(t.db, firm.firmId);
  const client = newClient();
  await signIn(client, member.email);
  const setup = await setUpTotp(client, start);
  return { ...member, ...setup, start, firm };
};

const login = async (email: string) => {
  const client = newClient();
  const res = await client.post('users/login/', { email, password: PASSWORD });
  expect(res.json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });
  return client;
};

describe('setting up an authenticator app', () => {
  it('shows the otpauth link until a first valid code confirms it, then answers ten recovery codes shown once', async () => {
    const firm = await createFirm(t.db);
    const member = await addFirmMember(t.db, firm.firmId);
    const client = newClient();
    await signIn(client, member.email);
    const start = await client.post('users/mfa/totp/setup/');
    const { secret, totp_qr_link } = start.json();
    expect(totp_qr_link).toMatch(/^otpauth:\/\/totp\/Herd:.+\?.*secret=[A-Z2-7]+/);
    expect(totp_qr_link).toContain(`secret=${secret}`);
    expect((await client.get('users/profile/')).json().totp_qr_link).toBe(totp_qr_link);

    const wrong = await client.post('users/mfa/totp/setup/confirm/', { code: totpCodeAt(secret, Date.now() - 5 * STEP) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['The code is not correct.'] });
    expect((await client.post('users/mfa/totp/setup/confirm/', { code: '12ab' })).json()).toEqual({ code: ['Code must be 6 digits.'] });

    const ok = await client.post('users/mfa/totp/setup/confirm/', { code: totpCodeAt(secret, Date.now()) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const profile = (await client.get('users/profile/')).json();
    expect(profile.totp_qr_link).toBeNull();
    expect(profile.accountant_company_user).toMatchObject({ is_mfa_setup: true });
    expect((await client.get('users/mfa/')).json()).toEqual({ mfa_method: 'TOTP', phone_hint: null, recovery_codes_left: 10, mfa_required: false, sms_available: true });

    // At rest: the secret sealed, the codes hashed.
    const [row] = await t.db.select().from(users).where(eq(users.pk, member.userId));
    expect(row!.mfaMethod).toBe('TOTP');
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, member.userId));
    expect(stored.map((r) => r.codeHash)).not.toEqual(expect.arrayContaining([codes[0], codes[0]!.replace('-', '')]));
    // A second app is not set up over the first.
    expect((await client.post('users/mfa/totp/setup/')).statusCode).toBe(409);
  });

  it('is there for every firm: one created through sign-up, with no feature flag, enrols and signs in with it', async () => {
    const email = uniqueEmail('new-firm');
    const signup = newClient();
    const password = 'quiet harbour lantern 42';
    await signup.post('users/accountant-signup/', { email, password, first_name: 'Nia', last_name: 'New', company_name: 'Brand New Books' });
    const confirmed = await signup.post('users/accountant-signup/confirm/', { code: codeFromEmail(await t.lastMailTo(email), 'signup') });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().feature_flags).toEqual([]);
    // A stored setting of the retired flag, as an operator may have made one, changes nothing.
    const firmId = confirmed.json().accountant_company_user.company.pk as number;
    await t.db.insert(firmFeatureFlags).values({ firmId, flag: 'FEATURE_MFA', enabled: false });
    expect((await signup.get('users/mfa/')).json()).toMatchObject({ mfa_method: null });
    const start = Math.floor(Date.now() / STEP) * STEP + 1000;
    const { secret } = await setUpTotp(signup, start);
    expect((await signup.get('users/mfa/')).json()).toMatchObject({ mfa_method: 'TOTP' });
    at(start + STEP);
    const again = newClient();
    expect((await again.post('users/login/', { email, password })).json()).toEqual({ mfa_required: true, mfa_method: 'TOTP' });
    expect((await again.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(secret, start + STEP) })).statusCode).toBe(200);
  });
});

describe('signing in with an authenticator app', () => {
  it('refuses a wrong code, takes a code one step either side of now, and never the same step twice', async () => {
    const member = await memberWithTotp();
    const now = member.start + 10 * STEP;
    at(now);
    const client = await login(member.email);
    const wrong = await client.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, now - 2 * STEP) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['The code is not correct.'] });
    expect((await client.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, now + 2 * STEP) })).statusCode).toBe(400);
    expect((await client.get('users/profile/')).statusCode).toBe(401);

    const previousStep = totpCodeAt(member.secret, now - STEP);
    const ok = await client.post('users/mfa/totp/verify/otp/', { code: previousStep });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(member.email);
    expect((await client.get('users/profile/')).statusCode).toBe(200);

    // Replayed within its window, from another browser: refused, as is the step before it.
    const thief = await login(member.email);
    expect((await thief.post('users/mfa/totp/verify/otp/', { code: previousStep })).json()).toEqual({
      code: ['This code was already used. Wait for the next one in your app.'],
    });
    expect((await thief.get('users/profile/')).statusCode).toBe(401);
    expect((await thief.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, now) })).statusCode).toBe(200);
  });

  it('gives the signed-in session a new token: the half-open cookie is worth nothing after', async () => {
    const member = await memberWithTotp();
    at(member.start + STEP);
    const client = await login(member.email);
    const halfOpen = client.cookies.get('sessionid');
    await client.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, member.start + STEP) });
    expect(client.cookies.get('sessionid')).not.toBe(halfOpen);
    const old = newClient();
    old.cookies.set('sessionid', halfOpen!);
    expect((await old.get('users/profile/')).statusCode).toBe(401);
  });

  it('stops taking codes after ten wrong ones in a quarter of an hour, even the right one', async () => {
    const member = await memberWithTotp();
    const now = member.start + 3 * STEP;
    at(now);
    const client = await login(member.email);
    for (let i = 0; i < 10; i++)
      expect((await client.post('users/mfa/totp/verify/otp/', { code: '000000' === totpCodeAt(member.secret, now) ? '111111' : '000000' })).statusCode).toBe(400);
    const blocked = await client.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, now) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    at(now + 16 * 60_000);
    // A waiting sign-in lasts ten minutes, so after the quarter hour the person signs in again; the limit has lifted.
    const again = await login(member.email);
    expect((await again.post('users/mfa/totp/verify/otp/', { code: totpCodeAt(member.secret, now + 16 * 60_000) })).statusCode).toBe(200);
  });

  it('answers plainly when no sign-in is waiting for a code', async () => {
    const res = await newClient().post('users/mfa/totp/verify/otp/', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'There is no sign-in waiting for a code. Sign in again.' });
  });
});

describe('recovery codes', () => {
  it('each signs in once; regenerating voids the unused old ones', async () => {
    const member = await memberWithTotp();
    const [first, second] = member.recoveryCodes;
    const client = await login(member.email);
    const ok = await client.post('users/mfa/recovery-code/verify/', { code: ` ${first!.toUpperCase()} ` });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('users/mfa/')).json().recovery_codes_left).toBe(9);

    const again = await login(member.email);
    const reused = await again.post('users/mfa/recovery-code/verify/', { code: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: ['This recovery code is not correct or was already used.'] });
    expect((await again.get('users/profile/')).statusCode).toBe(401);

    const fresh = (await client.post('users/mfa/recovery-codes/regenerate/')).json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(await t.lastMailTo(member.email)).toContain(
      'Ten new recovery codes for two-step verification were made for your account; the unused old ones no longer work.',
    );
    expect((await again.post('users/mfa/recovery-code/verify/', { code: second })).statusCode).toBe(400);
    expect((await again.post('users/mfa/recovery-code/verify/', { code: fresh[3] })).statusCode).toBe(200);
    expect((await again.post('users/mfa/recovery-code/verify/', { code: 'not a code' })).json()).toEqual({ code: ['Recovery code is not valid.'] });
  });
});
