import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { createTwilioState, messagesTo, twilioSimulatorPlugin } from './index.js';

const SID = 'AC00000000000000000000000000000003';
const state = createTwilioState({ accountSid: SID, authToken: 'token-3' });
const app = Fastify();
beforeAll(async () => {
  await app.register(twilioSimulatorPlugin, { prefix: '/sandbox/twilio', state });
});
afterAll(() => app.close());

const authorization = `Basic ${Buffer.from(`${SID}:token-3`).toString('base64')}`;
const post = (path: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/sandbox/twilio/2010-04-01/Accounts/${SID}/${path}`,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('a request outside Twilio’s published API', () => {
  it('with a parameter Twilio does not define is refused with Twilio’s error JSON, nothing sent, and the rule it breaks recorded', async () => {
    // `StatusCallBack` for `StatusCallback`: Twilio would drop it silently and never call back.
    const res = await post('Messages.json', { To: '+15551234567', From: '+15550000000', Body: 'hi', StatusCallBack: 'https://herd.example/status' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 20001,
      message: expect.stringContaining('"StatusCallBack"'),
      more_info: 'https://www.twilio.com/docs/errors/20001',
      status: 400,
    });
    expect(messagesTo(state, '+15551234567')).toEqual([]);
    const [violation, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(violation).toMatchObject({ contract: 'twilio/twilio_api_v2010.json', direction: 'request', message: `POST /2010-04-01/Accounts/${SID}/Messages.json` });
    expect(violation!.problems).toEqual([
      expect.stringMatching(/has "StatusCallBack", which the contract does not define here \(#\/paths\/.*Messages\.json\/post\/requestBody/),
    ]);
  });

  it('with a value of the wrong type is Twilio’s 400', async () => {
    const res = await post('Messages.json', { To: '+15551234567', From: '+15550000000', Body: 'hi', ValidityPeriod: 'a day' });
    expect([res.statusCode, res.json().code, res.json().status]).toEqual([400, 400, 400]);
    expect(takeContractViolations().flatMap((v) => v.problems)).toEqual([expect.stringContaining('/ValidityPeriod must be integer')]);
  });

  it('to a resource Twilio does not have is its 404 (20404), and to a method the resource does not take its 405 (20004)', async () => {
    const unknown = await post('Texts.json', { To: '+15551234567', Body: 'hi' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 20404]);
    expect(takeContractViolations().flatMap((v) => v.problems)).toEqual([expect.stringContaining('is not a path of the contract')]);
    const put = await app.inject({ method: 'PUT', url: `/sandbox/twilio/2010-04-01/Accounts/${SID}/Messages.json`, headers: { authorization } });
    expect([put.statusCode, put.json().code]).toEqual([405, 20004]);
    expect(takeContractViolations().flatMap((v) => v.problems)).toEqual([expect.stringContaining('PUT is not an operation of')]);
  });

  it('leaves the sandbox’s own page outside the contract', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/twilio/' })).statusCode).toBe(200);
    expect(takeContractViolations()).toEqual([]);
  });
});
