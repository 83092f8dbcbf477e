import { OutboundHttpError, outboundRequest } from '../../lib/outbound-http.js';
import { SmsError, type SmsSender, type SmsSettings } from '../../modules/messaging/texts/sms.port.js';

/** Header by which Herd tells its own sandbox that a text carries a code (the sandbox is this process). */
export const SECRET_TEXT_HEADER = 'x-herd-secret-text';

/** Twilio's REST Messages API: a form of To, From and Body under basic auth, answered 201 or with Twilio's error shape. */
export const createTwilioSender = (settings: SmsSettings, timeoutMs: number): SmsSender => ({
  reachesPhones: settings.mode === 'twilio',
  async send(to, body, options) {
    if (settings.mode === 'off') throw new SmsError('Texts are not set up on this server (no Twilio account, sandboxes off)', null);
    const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    let response;
    try {
      response = await outboundRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            ...(options?.secret && settings.mode === 'builtin-sandbox' ? { [SECRET_TEXT_HEADER]: '1' } : {}),
          },
          body: new URLSearchParams({ To: to, From: settings.from, Body: body }).toString(),
        },
        timeoutMs,
      );
    } catch (err) {
      if (err instanceof OutboundHttpError) throw new SmsError(`Twilio: ${err.detail}`, null);
      throw err;
    }
    if (response.ok) return;
    let error: { code?: unknown; message?: unknown } = {};
    try {
      error = JSON.parse(response.text) as typeof error;
    } catch {
      // Not Twilio's JSON (a proxy's page): the status says enough.
    }
    throw new SmsError(
      `Twilio ${response.status}: ${typeof error.message === 'string' ? error.message : 'no message'}`,
      typeof error.code === 'number' ? error.code : null,
    );
  },
});
