import { MAGIC_LINK_TTL_MS, details } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { claimInvitationLink, findInvitationLink, insertInvitationLink } from './invitation-links.queries.js';
import { findPendingOfPerson } from './pending-invitations.queries.js';
import { takeUp, takeUpDecision } from './take-up.service.js';
import type { RedeemInvitationLink } from '../auth/auth.face.js';

/**
 * A sign-in link for a person whose invitation is pending, for the staff member who copies it to pass on.
 * It is of the usual form and kind: 7 days, single use, only its hash stored. Nothing about the email is
 * looked at here, so the answer is the same whoever the address belongs to.
 */
export const issueInvitationLink = async (db: Db, firmId: number, reservedUserPk: number): Promise<string> => {
  const code = randomToken();
  await insertInvitationLink(db, { firmId, userPk: reservedUserPk, codeHash: sha256(code), expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS) });
  return code;
};

/**
 * Opens a link copied while the invitation was pending: the invitation is taken up as its job would (the
 * person is created, or a client of this firm alone gains the company) and the person's pk is answered, to
 * sign them in. Null when the code is no such link (it may be an ordinary sign-in link). A used or expired
 * link, an invitation removed meanwhile, or an address that belongs to another firm's person answers as
 * a used or expired link does: the link signs nobody in, and the invitation stays for its job.
 */
export const redeemInvitationLink: RedeemInvitationLink = async (db, code) => {
  const link = await findInvitationLink(db, sha256(code));
  if (!link) return null;
  if (link.usedAt || link.expiresAt < new Date() || !(await claimInvitationLink(db, link.firmId, link.pk))) throw ValidationError.detail(details.codeUsedOrExpired);
  let userPk: number | null = null;
  // A client invited to several companies of the firm has a row for each; the link takes them all up.
  for (const row of await findPendingOfPerson(db, link.firmId, link.userPk)) {
    const { joins, existingUserPk } = await takeUpDecision(db, row);
    if (joins) userPk = (await takeUp(db, row, existingUserPk)) ?? existingUserPk ?? row.userPk;
  }
  if (userPk === null) throw ValidationError.detail(details.codeUsedOrExpired);
  return userPk;
};
