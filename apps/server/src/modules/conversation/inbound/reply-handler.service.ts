import { EDITABLE_STATUSES, type TransactionStatus } from '@herd/contract';
import { NotFoundError } from '../../../lib/errors.js';
import { hasForbiddenCharacters } from '../../../lib/text-guard.js';
import { resolveActor, type Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { threadAccess, type ThreadAccess } from '../notes/notes.face.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';
import type { InboundMessage } from './inbound-message.format.js';
import { findUserEmail } from './inbound.queries.js';
import { isAlreadyFiled } from './received-messages.queries.js';
import type { HandlerOutcome, InboundContext, InboundHandler } from './inbound.types.js';
import { fileReply, storeReplyFiles, type ReplyPlan } from './reply-filing.service.js';
import { replyTextOf } from './reply-text.rule.js';
import { answerByReply } from './reply-answers.service.js';
import { REPLY_PREFIX, verifyReplyToken, type ReplyGrant } from '../../../mail/reply-token.js';

/** The refusals a reply can meet, in words for the log and the sender's bounce. */
export const REPLY_REFUSALS = {
  forged: 'This reply address is not one Herd gave out.',
  expired: 'This reply address has expired. Answer in Herd instead, or reply to a newer email.',
  unknown: 'This conversation is no longer open to you. Answer in Herd instead.',
  foreignSender: 'Replies to this address are taken only from the person the email was sent to.',
  readOnly: 'Your accountant’s Herd account is read-only for now; your reply was not filed.',
  empty: 'The reply has no text and no attachment Herd can keep.',
  attachmentsNotAllowed: 'Your accountant has not allowed attachments from you on this transaction; nothing was filed.',
  companyAttachments: 'Attachments can only be filed on a transaction: reply to an email about that transaction, or upload them in Herd.',
  requestAttachments:
    'Files for a request are answered in Herd, on the request (the link in the email opens it): your words were not filed either, so nothing is half-answered.',
  attachmentTooLarge: (maxMb: number) => `An attachment is larger than ${maxMb} MB, the most Herd takes per file.`,
} as const;

/** A transaction past these can no longer take a client's answer: its reply address has expired with it. */
const CLOSED: readonly TransactionStatus[] = ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM', 'CANCELLED'];
const NOTE_MAX = 5000;
const MEMO_MAX = 2000;

const refused = (reason: string): HandlerOutcome => ({ outcome: 'refused', reason });

/** PostgreSQL cannot hold a NUL, and a lone surrogate is nothing anyone typed. */
export const cleanText = (text: string) =>
  hasForbiddenCharacters(text) ? text.replaceAll('\u0000', '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') : text;

/** The client behind a verified grant, if they may still speak in that thread: their actor and their access to it. */
const openThread = async (ctx: InboundContext, grant: ReplyGrant) => {
  const actor: Actor | null = await resolveActor(ctx.deps.db, grant.userPk);
  if (!actor || isFirmActor(actor) || actor.clientCompanyIds.length === 0) return null;
  try {
    if (grant.target.kind !== 'transaction') return { actor, access: await threadAccess(ctx.deps.db, actor, grant.target.kind, grant.target.pk), transaction: null };
    const { access, transaction } = await transactionAccess(ctx.deps.db, actor, grant.target.pk);
    const thread: ThreadAccess = { firmId: access.company.firmId, clientCompanyId: access.company.pk, senderKind: 'CLIENT' };
    return { actor, access: thread, transaction: { row: transaction, scope: access } };
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
};

/** The note's words: the reply's own text, or, for attachments sent without a word, what was sent. */
const noteBodyOf = (text: string, fileNames: string[]) => {
  const body = text || `Sent by email: ${fileNames.join(', ')}`;
  return body.length > NOTE_MAX ? `${body.slice(0, NOTE_MAX - 1)}…` : body;
};

/**
 * `reply+<token>@…`: a client answering an email Herd sent them. The token
 * names the thread and the person; the message must come from that person's
 * address, into a thread they can still see. A reply to a reminder that answers
 * its numbered questions answers them (reply-answers.service.ts). Otherwise the
 * reply's text (quote and signature removed) becomes their note, and the memo when it was empty; its
 * attachments become the transaction's. All of it in one database
 * transaction, or nothing.
 */
export const replyHandler: InboundHandler = {
  prefix: REPLY_PREFIX,
  async handle(ctx, message: InboundMessage, { recipient, token }) {
    const { db, config } = ctx.deps;
    const check = verifyReplyToken(config.secretKey, token);
    if (!check.ok) return refused(REPLY_REFUSALS[check.why]);
    const { grant } = check;
    const email = await findUserEmail(db, grant.userPk);
    if (!email) return refused(REPLY_REFUSALS.unknown);
    if (message.from !== email.toLowerCase()) return refused(REPLY_REFUSALS.foreignSender);
    const ref = { messageKey: message.messageKey, recipient };
    if (await isAlreadyFiled(db, ref)) return { outcome: 'duplicate' };
    const thread = await openThread(ctx, grant);
    if (!thread) return refused(REPLY_REFUSALS.unknown);
    if (thread.transaction && CLOSED.includes(thread.transaction.row.status)) return refused(REPLY_REFUSALS.expired);
    if (thread.actor.readOnly) return refused(REPLY_REFUSALS.readOnly);

    const text = cleanText(replyTextOf(message.text));
    const oversized = message.attachments.some((a) => a.bytes.length > config.maxUploadBytes);
    if (oversized) return refused(REPLY_REFUSALS.attachmentTooLarge(Math.round(config.maxUploadBytes / (1024 * 1024))));
    // A reply to a reminder that answers its numbered questions answers them; any other reply is a note.
    if (grant.target.kind === 'client-company' && message.attachments.length === 0 && text) {
      const answered = await answerByReply(ctx, { actor: thread.actor, email, firmId: thread.access.firmId, companyPk: thread.access.clientCompanyId!, ref, text });
      if (answered) return answered;
    }
    if (message.attachments.length > 0 && !thread.transaction) {
      return refused(grant.target.kind === 'communication' ? REPLY_REFUSALS.requestAttachments : REPLY_REFUSALS.companyAttachments);
    }
    const scope = thread.transaction?.scope;
    if (message.attachments.length > 0 && scope && scope.editable !== 'all' && !scope.editable.includes('attachments')) {
      return refused(REPLY_REFUSALS.attachmentsNotAllowed);
    }
    const stored = await storeReplyFiles(ctx, thread.access, grant.userPk, message.attachments);
    if (!text && stored.length === 0) return refused(REPLY_REFUSALS.empty);
    const row = thread.transaction?.row;
    const memoAllowed = !!row && !!scope && EDITABLE_STATUSES.client.includes(row.status) && (scope.editable === 'all' || scope.editable.includes('memo'));
    const plan: ReplyPlan = {
      ref,
      actor: thread.actor,
      access: thread.access,
      target: grant.target,
      body: noteBodyOf(
        text,
        stored.map((f) => f.name),
      ),
      memo: memoAllowed && text && text.length <= MEMO_MAX && row?.clientMemo === '' ? text : null,
      files: stored,
    };
    return fileReply(ctx, plan);
  },
};
