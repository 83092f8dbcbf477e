import { randomBytes } from 'node:crypto';
import type { SmsSettings } from '../../modules/messaging/texts/sms.port.js';

/** Where the built-in Twilio sandbox is served, outside the versioned API. */
export const SMS_SANDBOX_PATH = '/sandbox/twilio';

interface SmsEnv {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
}

export const parseSmsSettings = (env: SmsEnv, port: number, sandboxes = true): SmsSettings => {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return { mode: 'twilio', baseUrl: 'https://api.twilio.com', accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM };
  }
  if (!sandboxes) return { mode: 'off', baseUrl: '', accountSid: '', authToken: '', from: '' };
  // Credentials of this process alone: nobody else can send through its sandbox.
  return {
    mode: 'builtin-sandbox',
    baseUrl: `http://127.0.0.1:${port}${SMS_SANDBOX_PATH}`,
    accountSid: `AC${randomBytes(16).toString('hex')}`,
    authToken: randomBytes(16).toString('hex'),
    from: '+15005550006',
  };
};
