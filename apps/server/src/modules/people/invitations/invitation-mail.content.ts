import type { Db } from '../../../db/client.js';
import type { Mailer } from '../../../mail/mailer.js';
import { invitationEmail, invitationEmailTakenEmail } from '../../../mail/templates.js';
import { findUserOfFirm } from '../auth/auth.face.js';
import { magicLinkUrl } from '../auth/auth.face.js';
import { issueCode } from '../auth/auth.face.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import { replyAddressFor, type ReplyAddressing } from '../../../mail/reply-token.js';

export interface InvitationMailContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  replies: ReplyAddressing;
}

/** What a coworker's invitation says they will work on. */
export const COWORKER_INVITATION_SUBJECT = 'your firm’s clients';

/** The firm's branding and the inviter's name as an invitation shows them (the inviter may have left since). */
const inviterOf = async (db: Db, firmId: number, inviterUserPk: number | null) => {
  const firm = await findFirm(db, firmId);
  const firmName = firm?.companyName ?? 'Your accountant';
  const inviter = inviterUserPk === null ? null : await findUserOfFirm(db, firmId, inviterUserPk);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : firmName;
  return { brand: { firmName: firm?.companyName ?? null, mainColor: firm?.mainColor ?? null }, firmName, inviterName };
};

/**
 * Emails a sign-in link that doubles as the invitation. A client's (`companyPk` given) can be answered by
 * email: the reply becomes a note on the client company.
 */
export const sendInvitation = async (
  ctx: InvitationMailContext,
  opts: { firmId: number; userPk: number; inviterUserPk: number | null; companyName: string; companyPk?: number },
) => {
  const user = await findUserOfFirm(ctx.db, opts.firmId, opts.userPk);
  if (!user) return;
  const { brand, firmName, inviterName } = await inviterOf(ctx.db, opts.firmId, opts.inviterUserPk);
  const code = await issueCode(ctx.db, user.pk, 'MAGIC_LINK');
  await ctx.mailer.send(
    user.email,
    brand,
    invitationEmail({ firstName: user.firstName, inviterName, firmName, companyName: opts.companyName, url: magicLinkUrl(ctx.appUrl, code) }),
    'INVITATION',
    opts.companyPk === undefined ? {} : { replyTo: replyAddressFor(ctx.replies, { kind: 'client-company', pk: opts.companyPk }, user.pk) },
  );
};

/** Tells another firm's person that this firm's invitation cannot be taken up with their address; no link signs in. */
export const sendEmailTakenNotice = async (ctx: InvitationMailContext, opts: { firmId: number; email: string; inviterUserPk: number | null }) => {
  const { brand, firmName, inviterName } = await inviterOf(ctx.db, opts.firmId, opts.inviterUserPk);
  await ctx.mailer.send(opts.email, brand, invitationEmailTakenEmail({ firmName, inviterName, signInUrl: `${ctx.appUrl}/auth/` }), 'INVITATION_EMAIL_TAKEN');
};
