import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { isTwilioSignatureValid } from '../../sms/twilio-signature.js';
import { resolveActor } from '../../kernel/actor.js';
import { claimMessage, isAlreadyFiled } from '../inbound/inbound.face.js';
import { checkReceiptFile } from '../receipts/receipt-files.js';
import { companiesOfClient } from '../receipts/receipt-address.js';
import { intakeReceipts } from '../receipts/receipt-intake.js';
import { downloadMedia } from './media-download.js';
import { readIncomingText, type IncomingText } from './incoming-text.js';
import { clientsTextingFrom } from './sender.js';
import { SMS_REPLIES } from './sms-replies.js';
import { twimlReply } from './twiml.js';
import type { Visitor } from '../../kernel/visitor.js';

/** The webhook request as it arrived: the URL Twilio called (as the public sees it), its signature header and the raw form. */
export interface SignedText {
  url: string;
  signature: string | null;
  form: string;
}

export type SmsAnswer = { status: 200; twiml: string } | { status: 400 | 403; detail: string };

const NOTE_MAX = 2000;
/** Recorded per text (MessageSid) and Herd's number, so a text Twilio delivers twice files once. */
const HANDLER = 'sms-receipts';

const reply = (...texts: string[]): SmsAnswer => ({ status: 200, twiml: twimlReply(...texts) });

/**
 * A text to Herd's number (`docs/receipts.md`, "By text message"): checked for Twilio's signature,
 * its sender recognised by the phone on a client's profile, each photo or PDF fetched from Twilio
 * and filed as a receipt of the client's company, all together or none; Herd answers by text.
 * Every refusal is logged and told to the sender.
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
  return fileText(deps, log, read.text);
};

const fileText = async (deps: AppDeps, log: FastifyBaseLogger, text: IncomingText): Promise<SmsAnswer> => {
  const { db, config } = deps;
  const refuse = (why: string, answer: string) => {
    log.warn({ messageSid: text.messageSid, from: text.from, why }, 'text refused');
    return reply(answer);
  };
  const ref = { messageKey: text.messageSid, recipient: `sms:${text.to}` };
  if (await isAlreadyFiled(db, ref)) return reply();
  const senders = await clientsTextingFrom(db, text.from);
  if (senders.length === 0) return refuse('unknown-number', SMS_REPLIES.unknownNumber);
  if (senders.length > 1) return refuse('ambiguous-number', SMS_REPLIES.ambiguousNumber);
  const actor = await resolveActor(db, senders[0]!.userId);
  if (!actor || actor.firmId === null || actor.clientCompanyIds.length === 0) return refuse('no-company', SMS_REPLIES.unknownNumber);
  if (actor.readOnly) return refuse('read-only', SMS_REPLIES.readOnly);
  if (text.media.length === 0) return refuse('no-media', SMS_REPLIES.noMedia);
  const [company] = await companiesOfClient(db, actor.firmId, actor.userId);
  if (!company) return refuse('no-company', SMS_REPLIES.unknownNumber);

  const files: { fileName: string; bytes: Buffer; contentType: string }[] = [];
  for (const [index, ref] of text.media.entries()) {
    const downloaded = await downloadMedia(config.sms, ref, config.maxUploadBytes, config.outboundTimeoutMs);
    if (!downloaded.ok) {
      if (downloaded.why === 'too-large') return refuse('too-large', SMS_REPLIES.tooLarge(config.maxUploadBytes));
      return refuse(`media-${downloaded.why}`, SMS_REPLIES.downloadFailed);
    }
    const fileName = `text-${text.messageSid.slice(-8)}-${index + 1}`;
    const checked = await checkReceiptFile({ fileName, bytes: downloaded.media.bytes }, config.maxUploadBytes);
    if (!checked.ok) return refuse('not-a-receipt', SMS_REPLIES.notAReceipt);
    files.push({ fileName, bytes: downloaded.media.bytes, contentType: checked.contentType });
  }
  const note = text.body.length > NOTE_MAX ? `${text.body.slice(0, NOTE_MAX - 1)}…` : text.body;
  const pks = await intakeReceipts(deps, log, { firmId: actor.firmId, companyPk: company.pk, uploadedBy: actor.userId, source: 'SMS', note, files }, (tx) =>
    claimMessage(tx, { ...ref, handler: HANDLER, firmId: actor.firmId! }),
  );
  if (pks === null) return reply();
  log.info({ messageSid: text.messageSid, receipts: pks }, 'text filed as receipts');
  return reply(SMS_REPLIES.filed(pks.length, company.name));
};
