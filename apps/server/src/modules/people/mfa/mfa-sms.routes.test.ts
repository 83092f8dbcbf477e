import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTwilioState, messagesTo, twilioSimulatorPlugin } from '@herd/simulators';
import { TestClient, clientMaker } from '../../../../test/client.js';
import { PASSWORD, addFirmMember, createFirm, firmMemberPkOf, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { setUpTotp } from '../../../../test/mfa.js';

const SID = 'AC11111111111111111111111111111111';
const twilio = createTwilioState({ accountSid: SID, authToken: 'sms-test-token' });
const simulator = Fastify();
let t: TestApp;
const newClient = clientMaker(() => t.app, 74);

beforeAll(async () => {
  await simulator.register(twilioSimulatorPlugin, { state: twilio });
  const address = await simulator.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({
    sms: { mode: 'twilio', baseUrl: address, accountSid: SID, authToken: 'sms-test-token', from: '+15005550006' },
  });
});
afterAll(async () => {
  await t?.close();
  await simulator.close();
});
afterEach(() => vi.useRealTimers());

let phoneNumber = 5550100;
/** The six digits of the newest text to a number, as a person reads them off the phone. */
const lastCodeTo = (phone: string) => /\b(\d{6})\b/.exec(messagesTo(twilio, phone).at(-1)?.body ?? '')?.[1] ?? '';

/** A member who set up text-message codes on their own new number. */
const memberWithSms = async () => {
  const firm = await createFirm(t.db);
  const member = await addFirmMember(t.db, firm.firmId);
  const phone = `+1415${phoneNumber++}`;
  const client = newClient();
  await signIn(client, member.email);
  const sent = await client.post('users/mfa/sms/setup/', { phone: `${phone.slice(0, 5)} ${phone.slice(5)}` });
  expect(sent.json()).toEqual({ detail: 'A code is on its way by text message.' });
  const confirmed = await client.post('users/mfa/sms/setup/confirm/', { code: lastCodeTo(phone) });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().recovery_codes).toHaveLength(10);
  return { ...member, phone, client };
};

const halfOpen = async (email: string): Promise<TestClient> => {
  const client = newClient();
  expect((await client.post('users/login/', { email, password: PASSWORD })).json()).toEqual({ mfa_required: true, mfa_method: 'SMS' });
  return client;
};

describe('text-message codes', () => {
  it('confirm the phone at setup, then sign in with a texted code sent through Twilio’s Messages API', async () => {
    const member = await memberWithSms();
    expect((await member.client.get('users/mfa/')).json()).toEqual({
      mfa_method: 'SMS',
      phone_hint: `•••${member.phone.slice(-2)}`,
      recovery_codes_left: 10,
      mfa_required: false,
      sms_available: true,
    });
    const client = await halfOpen(member.email);
    expect((await client.post('users/mfa/sms/send/otp/')).statusCode).toBe(200);
    const text = messagesTo(twilio, member.phone).at(-1)!;
    expect(text).toMatchObject({ from: '+15005550006', account_sid: SID });
    expect(text.body).toMatch(/^\d{6} is your Herd sign-in code\. It expires in 5 minutes\.$/);
    const wrong = lastCodeTo(member.phone) === '000000' ? '111111' : '000000';
    expect((await client.post('users/mfa/sms/verify/otp/', { code: wrong })).json()).toEqual({ code: ['The code is not correct.'] });
    const ok = await client.post('users/mfa/sms/verify/otp/', { code: lastCodeTo(member.phone) });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('users/profile/')).statusCode).toBe(200);
    // Spent: the same code does not sign in another browser.
    const again = await halfOpen(member.email);
    expect((await again.post('users/mfa/sms/verify/otp/', { code: lastCodeTo(member.phone) })).json()).toEqual({
      detail: 'No code has been sent yet. Ask for one.',
    });
  });

  it('replace an authenticator app once the phone is confirmed, for a member required to use MFA too', async () => {
    const firm = await createFirm(t.db);
    const member = await addFirmMember(t.db, firm.firmId);
    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    const memberPk = await firmMemberPkOf(t.db, member.userId);
    await admin.patch(`accounting/accountant/accountant-company-user/${memberPk}/mfa-setup/update/`, { mfa_enabled: true });
    const client = newClient();
    await signIn(client, member.email);
    const { recoveryCodes } = await setUpTotp(client);
    const phone = `+1415${phoneNumber++}`;
    await client.post('users/mfa/sms/setup/', { phone });
    // Until the texted code confirms the phone, the app stays the method.
    expect((await client.get('users/mfa/')).json().mfa_method).toBe('TOTP');
    const confirmed = await client.post('users/mfa/sms/setup/confirm/', { code: lastCodeTo(phone) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recovery_codes).not.toContain(recoveryCodes[0]);
    expect(await t.lastMailTo(member.email)).toContain(
      `Signing in to your account now asks for a code texted to your phone number •••${phone.slice(-2)} after the password.`,
    );
    expect((await client.get('users/mfa/')).json()).toEqual({
      mfa_method: 'SMS',
      phone_hint: `•••${phone.slice(-2)}`,
      recovery_codes_left: 10,
      mfa_required: true,
      sms_available: true,
    });
    const next = await halfOpen(member.email);
    expect((await next.post('users/mfa/sms/send/otp/')).statusCode).toBe(200);
    expect((await next.post('users/mfa/sms/verify/otp/', { code: lastCodeTo(phone) })).statusCode).toBe(200);
  });

  it('expire after 5 minutes', async () => {
    const member = await memberWithSms();
    const client = await halfOpen(member.email);
    await client.post('users/mfa/sms/send/otp/');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const res = await client.post('users/mfa/sms/verify/otp/', { code: lastCodeTo(member.phone) });
    expect(res.json()).toEqual({ code: ['The code has expired. Ask for a new one.'] });
    expect((await client.get('users/profile/')).statusCode).toBe(401);
  });

  it('are void after five wrong tries, even when the sixth is right; a new code works', async () => {
    const member = await memberWithSms();
    const client = await halfOpen(member.email);
    await client.post('users/mfa/sms/send/otp/');
    const right = lastCodeTo(member.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await client.post('users/mfa/sms/verify/otp/', { code: wrong })).json()).toEqual({ code: ['The code is not correct.'] });
    expect((await client.post('users/mfa/sms/verify/otp/', { code: wrong })).json()).toEqual({ code: ['Too many wrong codes. Ask for a new one.'] });
    expect((await client.post('users/mfa/sms/verify/otp/', { code: right })).json()).toEqual({ code: ['Too many wrong codes. Ask for a new one.'] });
    await client.post('users/mfa/sms/send/otp/');
    expect((await client.post('users/mfa/sms/verify/otp/', { code: lastCodeTo(member.phone) })).statusCode).toBe(200);
  });

  it('are sent at most five times in a quarter of an hour', async () => {
    const member = await memberWithSms();
    const client = await halfOpen(member.email);
    // The setup's text counted too.
    for (let i = 0; i < 4; i++) expect((await client.post('users/mfa/sms/send/otp/')).statusCode).toBe(200);
    const refused = await client.post('users/mfa/sms/send/otp/');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuse a number without its country code, and say so when the text cannot be sent', async () => {
    const firm = await createFirm(t.db);
    const client = newClient();
    await signIn(client, firm.adminEmail);
    expect((await client.post('users/mfa/sms/setup/', { phone: '555 123 4567' })).json()).toEqual({
      phone: ['Enter the number with + and the country code, e.g. +1 555 123 4567.'],
    });
    const offline = await createTestApp();
    try {
      // This app's Twilio address has nothing listening.
      const other = await createFirm(offline.db);
      const admin = new TestClient(offline.app, '10.74.250.1');
      await signIn(admin, other.adminEmail);
      const res = await admin.post('users/mfa/sms/setup/', { phone: '+14155550199' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'The text message could not be sent. Try again in a minute.' });
    } finally {
      await offline.close();
    }
  });
});
