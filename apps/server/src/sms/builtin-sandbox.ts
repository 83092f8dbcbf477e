import type { FastifyInstance } from 'fastify';
import { createTwilioState, twilioSimulatorPlugin, type TwilioState } from '@herd/simulators';
import type { Config } from '../config.js';
import { SMS_SANDBOX_PATH } from './sms-settings.js';

/**
 * Without Twilio credentials, Herd serves Twilio's Messages API itself (the simulator the tests use)
 * and writes each text to the log, labelled as sandbox, so a code sent for MFA can be read there.
 */
export const mountSmsSandbox = async (app: FastifyInstance, config: Config): Promise<TwilioState | null> => {
  if (config.sms.mode !== 'builtin-sandbox') return null;
  const state = createTwilioState({ accountSid: config.sms.accountSid, authToken: config.sms.authToken });
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onResponse', async (request, reply) => {
        const last = state.messages.at(-1);
        if (reply.statusCode === 201 && last) request.log.info({ to: last.to, body: last.body }, '[sandbox SMS] text not sent to a phone; Twilio is not configured');
      });
      await sandbox.register(twilioSimulatorPlugin, { state });
    },
    { prefix: SMS_SANDBOX_PATH },
  );
  return state;
};
