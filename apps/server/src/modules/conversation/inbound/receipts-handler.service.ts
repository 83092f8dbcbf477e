import { resolveActor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { checkReceiptFile } from '../../files/receipts/receipts.face.js';
import { companiesOfClient, findUserByReceiptsToken, parseReceiptsToken, RECEIPTS_PREFIX } from '../../files/receipts/receipts.face.js';
import { intakeReceipts } from '../../files/receipts/receipts.face.js';
import { claimMessage, isAlreadyFiled } from './received-messages.queries.js';
import type { HandlerOutcome, InboundHandler } from './inbound.types.js';
import { cleanText } from './reply-handler.service.js';
import { replyTextOf } from './reply-text.rule.js';

/** The refusals a receipts message can meet, in words for the log and the sender's bounce. */
export const RECEIPTS_REFUSALS = {
  unknown: 'This receipts address is not one Herd gave out.',
  noCompany: 'This receipts address names a company its owner does not belong to.',
  readOnly: 'Your accountant’s Herd account is read-only for now; your receipts were not filed.',
  noAttachments: 'The message has no attachment to keep as a receipt: attach the photo or PDF of the receipt.',
  badFiles: (reasons: string[]) => `Nothing was filed: ${reasons.join(' ')}`,
} as const;

const NOTE_MAX = 2000;
const refused = (reason: string): HandlerOutcome => ({ outcome: 'refused', reason });

/**
 * `receipts+<token>@…`: a client user's personal receipts address. Every
 * attachment becomes a receipt of their company (the one the address names,
 * else the first they joined) and the message's own words its note. Anyone
 * may send to it (a shop's emailed receipt, a card app forwarding), since the
 * address is its owner's to give out; the receipts are filed as theirs. One
 * attachment that cannot be a receipt (empty, not a photo or PDF, lying about
 * its type, too large) refuses the whole message: nothing is half-filed.
 */
export const receiptsHandler: InboundHandler = {
  prefix: RECEIPTS_PREFIX,
  async handle(ctx, message, { recipient, token }) {
    const { db, storage, jobs, config } = ctx.deps;
    const parsed = parseReceiptsToken(token);
    const userPk = parsed ? await findUserByReceiptsToken(db, parsed.token) : null;
    const actor = userPk === null ? null : await resolveActor(db, userPk);
    if (!parsed || !actor || isFirmActor(actor) || actor.firmId === null || actor.clientCompanyIds.length === 0) return refused(RECEIPTS_REFUSALS.unknown);
    const companies = await companiesOfClient(db, actor.firmId, actor.userId);
    const company = parsed.companyPk === null ? companies[0] : companies.find((c) => c.pk === parsed.companyPk);
    if (!company) return refused(RECEIPTS_REFUSALS.noCompany);
    const ref = { messageKey: message.messageKey, recipient };
    if (await isAlreadyFiled(db, ref)) return { outcome: 'duplicate' };
    if (actor.readOnly) return refused(RECEIPTS_REFUSALS.readOnly);
    if (message.attachments.length === 0) return refused(RECEIPTS_REFUSALS.noAttachments);
    const checked = await Promise.all(message.attachments.map((a) => checkReceiptFile(a, config.maxUploadBytes)));
    const reasons = checked.flatMap((c) => (c.ok ? [] : [c.reason]));
    if (reasons.length > 0) return refused(RECEIPTS_REFUSALS.badFiles(reasons));
    const words = cleanText(replyTextOf(message.text)) || cleanText(message.subject.trim());
    const pks = await intakeReceipts(
      { db, storage, jobs },
      ctx.log,
      {
        firmId: actor.firmId,
        companyPk: company.pk,
        uploadedBy: actor.userId,
        source: 'EMAIL',
        note: words.length > NOTE_MAX ? `${words.slice(0, NOTE_MAX - 1)}…` : words,
        files: message.attachments.map((a, i) => ({ ...a, contentType: (checked[i] as { contentType: string }).contentType })),
      },
      (tx) => claimMessage(tx, { ...ref, handler: RECEIPTS_PREFIX, firmId: actor.firmId! }),
    );
    return pks === null ? { outcome: 'duplicate' } : { outcome: 'accepted' };
  },
};
