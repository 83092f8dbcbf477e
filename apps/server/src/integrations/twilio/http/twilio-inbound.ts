import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';
import { fileIncomingText } from '../../../modules/conversation/inbound/inbound.face.js';
import { readIncomingText } from '../twilio-incoming.js';
import { downloadMedia } from '../twilio-media.js';
import { isTwilioSignatureValid } from '../twilio-signature.js';
import { twimlReply } from '../twiml.js';

/** The webhook request as it arrived: the URL Twilio called (as the public sees it), its signature header and the raw form. */
export interface SignedText {
  url: string;
  signature: string | null;
  form: string;
}

export type SmsAnswer = { status: 200; twiml: string } | { status: 400 | 403; detail: string };

/**
 * Twilio's incoming-message webhook: checked for Twilio's signature and read as a text before the
 * texts module files it; its answer goes back as TwiML.
 */
export const receiveText = async (deps: AppDeps, _visitor: Visitor, { text: request, log }: { text: SignedText; log: FastifyBaseLogger }): Promise<SmsAnswer> => {
  const settings = deps.config.sms;
  if (request.signature === null) return { status: 400, detail: 'The X-Twilio-Signature header is missing.' };
  const form = new URLSearchParams(request.form);
  if (!isTwilioSignatureValid(settings.authToken, request.signature, request.url, form)) {
    log.warn({ url: request.url }, 'text refused: its Twilio signature is not valid');
    return { status: 403, detail: 'The Twilio signature is not valid for this request.' };
  }
  const read = readIncomingText(form);
  if (!read.ok) return { status: 400, detail: read.detail };
  const answer = await fileIncomingText(deps, log, read.text, (ref, maxBytes) => downloadMedia(settings, ref, maxBytes, deps.config.outboundTimeoutMs));
  return { status: 200, twiml: twimlReply(...answer.replies) };
};
