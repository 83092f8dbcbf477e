import type { Actor } from '../../../kernel/actor.js';
import { findCompany } from '../../../kernel/companies.queries.js';
import { replyAddressFor } from '../../../mail/reply-token.js';
import { findBrandOfUser, issueCode, magicLinkUrl } from '../../people/auth/auth.face.js';
import { answerEmailReply, emailAnswersContent, readEmailReply } from '../text-answers/text-answers.face.js';
import { onceClaimed, type MessageRef } from './received-messages.queries.js';
import type { HandlerOutcome, InboundContext } from './inbound.types.js';

/** Recorded per message, so a reply delivered twice answers once. */
const HANDLER = 'reply-answers';

/**
 * A reply to a reminder email that answers its numbered questions ("1 software, 2 meals"): each
 * answer written as the client's, then an email back saying what was filed and asking again what
 * could not be told (docs/answers-by-text-and-email.md). Null when the reply answers none of them:
 * it is then filed as a note, as any reply is.
 */
export const answerByReply = async (
  ctx: InboundContext,
  args: { actor: Actor; email: string; firmId: number; companyPk: number; ref: MessageRef; text: string },
): Promise<HandlerOutcome | null> => {
  const { db, config, mailer } = ctx.deps;
  const read = await readEmailReply(db, { userPk: args.actor.userId, companyPk: args.companyPk }, args.text);
  if (!read) return null;
  const answers = await onceClaimed(db, { ...args.ref, handler: HANDLER, firmId: args.firmId }, () => answerEmailReply(ctx.deps, ctx.log, args.actor, read));
  if (!answers) return { outcome: 'duplicate' };
  const brand = await findBrandOfUser(db, args.actor.userId);
  const company = await findCompany(db, args.firmId, args.companyPk);
  const url = magicLinkUrl(config.appUrl, await issueCode(db, args.actor.userId, 'MAGIC_LINK'));
  const content = emailAnswersContent({ firmName: brand.firmName ?? 'your accountant', companyName: company?.name ?? '', url, answers });
  await mailer.send(args.email, brand, content, 'CLIENT_REPLY_ANSWERS', {
    replyTo: replyAddressFor(config, { kind: 'client-company', pk: args.companyPk }, args.actor.userId),
  });
  return { outcome: 'accepted' };
};
