import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, SMS_INCOMING_PATH } from '@herd/contract';
import { createTwilioState, restoreTwilioState, snapshotTwilioState, twilioSimulatorPlugin, type SandboxViewer, type TwilioState } from '@herd/simulators';
import type { Config } from '../../../config.js';
import { changedOnWrite, keepSandbox, type SandboxPlace } from '../../../modules/people/sandboxes/sandbox-state-file.service.js';
import { SECRET_TEXT_HEADER } from '../twilio-sender.js';
import { SMS_SANDBOX_PATH } from '../twilio-settings.js';

/**
 * Without Twilio credentials (and with sandboxes on: development, or `SANDBOXES=on`), Herd serves
 * Twilio's Messages API itself (the simulator the tests use) and writes each text to the log,
 * labelled as sandbox. Its page at `/sandbox/twilio/` answers only a signed-in member of a firm
 * (`viewer`), listing the texts to and from that firm's people, newest first, and texting Herd's
 * number as one of that firm's clients, so a receipt can be texted without a phone. A text that
 * carries a code is listed and logged without its words. The texts (and the photos texted in) are
 * kept in DATA_DIR/sandboxes/texts.json across restarts (sandbox-state-file.service.ts says when they are
 * in memory only). With a Twilio account, or with sandboxes off, nothing is mounted: the path
 * answers 404.
 */
export const mountSmsSandbox = async (
  app: FastifyInstance,
  config: Pick<Config, 'sms' | 'appUrl'> & SandboxPlace,
  viewer?: (request: FastifyRequest) => Promise<SandboxViewer | null>,
): Promise<TwilioState | null> => {
  if (config.sms.mode !== 'builtin-sandbox') return null;
  const options = { accountSid: config.sms.accountSid, authToken: config.sms.authToken };
  const kept = keepSandbox(app, config, 'texts', {
    fresh: () => createTwilioState(options),
    restore: (saved) => restoreTwilioState(options, saved),
    snapshot: snapshotTwilioState,
  });
  const state = kept.state;
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onResponse', async (request, reply) => {
        const last = state.messages.at(-1);
        if (reply.statusCode !== 201 || !last) return;
        if (request.headers[SECRET_TEXT_HEADER]) {
          state.secret.add(last.sid);
          request.log.info({ to: last.to }, '[sandbox SMS] a code was texted; its words are neither shown nor logged');
        } else request.log.info({ to: last.to, body: last.body }, '[sandbox SMS] text not sent to a phone; Twilio is not configured');
      });
      sandbox.addHook('onResponse', changedOnWrite(kept));
      // Its page also texts Herd's number, as a client's phone would: delivered to this process, signed for its public address.
      const phone = {
        number: config.sms.from,
        webhookUrl: `${new URL(config.sms.baseUrl).origin}${API_PREFIX}/${SMS_INCOMING_PATH}`,
        signedUrl: `${config.appUrl.replace(/\/$/, '')}${API_PREFIX}/${SMS_INCOMING_PATH}`,
        apiBaseUrl: config.sms.baseUrl,
        ...(viewer ? { viewer } : {}),
      };
      await sandbox.register(twilioSimulatorPlugin, { state, phone });
    },
    { prefix: SMS_SANDBOX_PATH },
  );
  return state;
};
