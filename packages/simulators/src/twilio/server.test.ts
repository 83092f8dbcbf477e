import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { createTwilioState, messagesTo, twilioSimulatorPlugin } from './index.js';

const SID = 'AC00000000000000000000000000000001';
const state = createTwilioState({ accountSid: SID, authToken: 'token-1' });
const app = Fastify();
beforeAll(async () => {
  await app.register(twilioSimulatorPlugin, { prefix: '/twilio', state });
});
afterAll(() => app.close());

const send = (form: Record<string, string>, auth = `${SID}:token-1`, sid = SID) =>
  app.inject({
    method: 'POST',
    url: `/twilio/2010-04-01/Accounts/${sid}/Messages.json`,
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('the Twilio Messages API simulator', () => {
  it('accepts a text with 201 and the message, and records it', async () => {
    const res = await send({ To: '+15551234567', From: '+15550000000', Body: 'Your code is 123456' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      account_sid: SID,
      to: '+15551234567',
      from: '+15550000000',
      body: 'Your code is 123456',
      status: 'queued',
      direction: 'outbound-api',
    });
    expect(res.json().sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(messagesTo(state, '+15551234567').map((m) => m.body)).toEqual(['Your code is 123456']);
  });

  it('answers Twilio’s error shapes', async () => {
    expect((await send({ To: '+15551234567', From: '+15550000000', Body: 'x' }, `${SID}:wrong`)).json()).toEqual({
      code: 20003,
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    });
    // A form without To is outside the contract too (it is its one required field): refused before the handler, and recorded.
    const missing = await send({ From: '+15550000000', Body: 'x' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 21604]);
    expect(takeContractViolations().flatMap((v) => v.problems)).toEqual([expect.stringContaining("must have required property 'To'")]);
    expect((await send({ To: '555-1234', From: '+15550000000', Body: 'x' })).json().code).toBe(21211);
    expect((await send({ To: '+15551234567', From: '+15550000000' })).json().code).toBe(21602);
    expect((await send({ To: '+15551234567', From: '+15550000000', Body: 'x' }, `${SID}:token-1`, 'AC0')).statusCode).toBe(404);
  });
});

describe('the sandbox page of texts sent', () => {
  it('lists each text newest first with its number, body and time, labelled as a sandbox, its words escaped', async () => {
    await send({ To: '+15557654321', From: '+15550000000', Body: '111111 is your first code' });
    await send({ To: '+15557654321', From: '+15550000000', Body: '<b>222222</b> & the second' });
    const page = await app.inject({ method: 'GET', url: '/twilio/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Sandbox — no real texts are sent');
    expect(page.body).toContain('To <strong>+15557654321</strong>');
    expect(page.body).toContain('&#60;b&#62;222222&#60;/b&#62; &#38; the second');
    expect(page.body.indexOf('222222')).toBeLessThan(page.body.indexOf('111111 is your first code'));
    expect(page.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect((await app.inject({ method: 'GET', url: '/twilio' })).statusCode).toBe(200);
  });
});

describe('the sandbox page’s phone form', () => {
  const phone = { number: '+15005550006', webhookUrl: 'http://127.0.0.1:9/incoming/', apiBaseUrl: 'http://127.0.0.1:9/twilio' };
  const pageWith = async (sender?: () => Promise<{ number: string; label: string } | null>) => {
    const host = Fastify();
    await host.register(twilioSimulatorPlugin, {
      prefix: '/twilio',
      state: createTwilioState({ accountSid: SID, authToken: 'token-1' }),
      phone: { ...phone, ...(sender ? { sender } : {}) },
    });
    const page = (await host.inject({ method: 'GET', url: '/twilio/' })).body;
    await host.close();
    return page;
  };

  it('says which number texts as the person the host names, and fills it in', async () => {
    const page = await pageWith(async () => ({ number: '+12025550143', label: 'Casey Baker (client@example.com), whose receipts go to <Sunrise> & Co' }));
    expect(page).toContain(
      'Texts from <strong>+12025550143</strong> come from Casey Baker (client@example.com), whose receipts go to &#60;Sunrise&#62; &#38; Co: it is filled in below',
    );
    expect(page).toMatch(/<input name="from" type="tel"[^>]* value="\+12025550143" required>/);
  });

  it('without a known sender, leaves the number empty', async () => {
    for (const page of [await pageWith(), await pageWith(async () => null)]) {
      expect(page).toContain('Text Herd from a phone');
      expect(page).not.toContain('data-sender');
      expect(page).not.toMatch(/name="from"[^>]* value=/);
    }
  });
});
