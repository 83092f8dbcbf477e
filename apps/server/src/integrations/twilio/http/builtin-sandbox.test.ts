import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mountSmsSandbox } from './builtin-sandbox.js';
import { SMS_SANDBOX_PATH, parseSmsSettings } from '../twilio-settings.js';

const textThrough = (app: ReturnType<typeof Fastify>, sms: ReturnType<typeof parseSmsSettings>, to: string, body: string) =>
  app.inject({
    method: 'POST',
    url: `${SMS_SANDBOX_PATH}/2010-04-01/Accounts/${sms.accountSid}/Messages.json`,
    headers: { authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ To: to, From: sms.from, Body: body }).toString(),
  });

describe('the built-in Twilio sandbox', () => {
  it('without a Twilio account, lists the texts it took on its page, labelled as a sandbox', async () => {
    const sms = parseSmsSettings({}, 3000);
    const app = Fastify();
    const state = await mountSmsSandbox(app, { sms, appUrl: 'http://localhost:3000' });
    expect((await app.inject({ url: `${SMS_SANDBOX_PATH}/` })).body).toContain('No text messages yet.');
    expect((await textThrough(app, sms, '+14155550123', '123456 is your Herd sign-in code. It expires in 5 minutes.')).statusCode).toBe(201);
    expect(state?.messages).toHaveLength(1);
    const page = await app.inject({ url: `${SMS_SANDBOX_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox — no real texts are sent');
    expect(page.body).toContain('+14155550123');
    expect(page.body).toContain('123456 is your Herd sign-in code. It expires in 5 minutes.');
    await app.close();
  });

  it('keeps its texts across a restart when the install has a DATA_DIR', async () => {
    const sms = parseSmsSettings({}, 3000);
    const config = { sms, appUrl: 'http://localhost:3000', dataDir: mkdtempSync(path.join(tmpdir(), 'herd-texts-')), databaseUrl: null, s3: null };
    const first = Fastify();
    await mountSmsSandbox(first, config);
    expect((await textThrough(first, sms, '+14155550123', 'Sunrise Bakery: 3 transactions to answer')).statusCode).toBe(201);
    await first.close();
    const second = Fastify();
    const state = await mountSmsSandbox(second, config);
    expect(state?.messages.map((m) => m.body)).toEqual(['Sunrise Bakery: 3 transactions to answer']);
    expect((await second.inject({ url: `${SMS_SANDBOX_PATH}/` })).body).toContain('Sunrise Bakery: 3 transactions to answer');
    await second.close();
  });

  it('with a Twilio account, is not there at all', async () => {
    const sms = parseSmsSettings({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15005550006' }, 3000);
    const app = Fastify();
    expect(await mountSmsSandbox(app, { sms, appUrl: 'http://localhost:3000' })).toBeNull();
    expect((await app.inject({ url: `${SMS_SANDBOX_PATH}/` })).statusCode).toBe(404);
    expect((await textThrough(app, sms, '+14155550123', 'x')).statusCode).toBe(404);
    await app.close();
  });
});
