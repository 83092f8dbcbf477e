import type { FastifyInstance } from 'fastify';
import { API_PREFIX, SMS_INCOMING_PATH } from '@herd/contract';
import { createTwilioState, twilioSimulatorPlugin, type SandboxSender, type TwilioState } from '@herd/simulators';
import type { Config } from '../config.js';
import { SMS_SANDBOX_PATH } from './sms-settings.js';

/**
 * Without Twilio credentials, Herd serves Twilio's Messages API itself (the simulator the tests use)
 * and writes each text to the log, labelled as sandbox, so a code sent for MFA can be read there. Its
 * page at `/sandbox/twilio/` lists the texts of this process, newest first. With a Twilio account
 * nothing is mounted: the path answers 404 and no text of a real deployment is ever listed. The page
 * also sends a text (with photos) to Herd's number, so a receipt can be texted without a phone; with
 * `sender` (the demo client's phone), it says which number texts as whom and fills it in.
 */
export const mountSmsSandbox = async (
  app: FastifyInstance,
  config: Pick<Config, 'sms' | 'appUrl'>,
  sender?: () => Promise<SandboxSender | null>,
): Promise<TwilioState | null> => {
  if (config.sms.mode !== 'builtin-sandbox') return null;
  const state = createTwilioState({ accountSid: config.sms.accountSid, authToken: config.sms.authToken });
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onResponse', async (request, reply) => {
        const last = state.messages.at(-1);
        if (reply.statusCode === 201 && last) request.log.info({ to: last.to, body: last.body }, '[sandbox SMS] text not sent to a phone; Twilio is not configured');
      });
      // Its page also texts Herd's number, as a client's phone would: delivered to this process, signed for its public address.
      const phone = {
        number: config.sms.from,
        webhookUrl: `${new URL(config.sms.baseUrl).origin}${API_PREFIX}/${SMS_INCOMING_PATH}`,
        signedUrl: `${config.appUrl.replace(/\/$/, '')}${API_PREFIX}/${SMS_INCOMING_PATH}`,
        apiBaseUrl: config.sms.baseUrl,
        ...(sender ? { sender } : {}),
      };
      await sandbox.register(twilioSimulatorPlugin, { state, phone });
    },
    { prefix: SMS_SANDBOX_PATH },
  );
  return state;
};
