import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { resolveActor } from '../../../kernel/actor.js';
import { claimMessage, isAlreadyFiled, onceClaimed } from './received-messages.queries.js';
import { checkReceiptFile, companiesOfClient, intakeReceipts } from '../../files/receipts/receipts.face.js';
import type { IncomingText, MediaFetcher } from '../../messaging/texts/texts.face.js';
import { clientsTextingFrom } from './text-senders.queries.js';
import { SMS_REPLIES } from './sms-replies.content.js';
import { answerTextReply } from '../text-answers/text-answers.face.js';

/** What Herd answers a text: the texts it sends back, none when the text was filed already. */
export interface TextAnswer {
  replies: string[];
}

const NOTE_MAX = 2000;
/** Recorded per text (MessageSid) and Herd's number, so a text the provider delivers twice files once. */
const HANDLER = 'sms-receipts';
const ANSWERS_HANDLER = 'sms-answers';

const reply = (...replies: string[]): TextAnswer => ({ replies });

/**
 * A text to Herd's number (`docs/receipts.md`, "By text message"), its signature already checked by
 * the provider's adapter: its sender recognised by the phone on a client's profile, each photo or PDF
 * fetched from the provider and filed as a receipt of the client's company, all together or none;
 * Herd answers by text. Every refusal is logged and told to the sender.
 */
export const fileIncomingText = async (deps: AppDeps, log: FastifyBaseLogger, text: IncomingText, fetchMedia: MediaFetcher): Promise<TextAnswer> => {
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
  // Words alone are a reply to the questions texted (or a keyword): filed once, like a photo.
  if (text.media.length === 0) {
    const answered = await onceClaimed(db, { ...ref, handler: ANSWERS_HANDLER, firmId: actor.firmId }, () =>
      answerTextReply(deps, log, { userPk: actor.userId, phone: text.from }, text.body),
    );
    if (answered === null) return reply();
    return answered.length > 0 ? reply(...answered) : refuse('no-media', SMS_REPLIES.noMedia);
  }
  const [company] = await companiesOfClient(db, actor.firmId, actor.userId);
  if (!company) return refuse('no-company', SMS_REPLIES.unknownNumber);

  const files: { fileName: string; bytes: Buffer; contentType: string }[] = [];
  for (const [index, ref] of text.media.entries()) {
    const downloaded = await fetchMedia(ref, config.maxUploadBytes);
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
