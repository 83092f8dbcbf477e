import { details, type ClientUser, type ClientUserInviteBody } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { clientReminderEmail, invitationEmail } from '../../mail/templates.js';
import { writeAudit } from '../audit/audit.queries.js';
import type { Actor } from '../auth/actor.js';
import { findBrandOfUser, findUserByEmail, findUserOfFirm } from '../auth/auth.queries.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { pageLinks } from '../../lib/pagination.js';
import { magicLinkUrl } from '../auth/auth.service.js';
import { issueCode } from '../auth/one-time-codes.js';
import { can, type FirmActor } from '../auth/permissions.js';
import {
  findCompanyPksOfUser,
  findVisibleMemberships,
  listVisibleClientUsers,
  removeClientAccess,
  updateClientUserContacts,
  updateClientUserFields,
  usersOfCompany,
} from './client-users.queries.js';
import { addClientMember } from './invitations.js';
import { companyAccess } from '../access/company-access.js';
import { replyAddressFor, type ReplyAddressing } from '../inbound/reply-token.js';

export interface PeopleContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** Signs the Reply-To of emails that ask a client something, so their answer comes back to the thread. */
  replies: ReplyAddressing;
}

const toClientUsers = async (
  db: Db,
  actor: FirmActor,
  rows: { pk: number; email: string; firstName: string; lastName: string; phone: string; accountType: ClientUser['account_type']; lastLoginAt: Date | null }[],
): Promise<ClientUser[]> => {
  const memberships = await findVisibleMemberships(
    db,
    actor,
    rows.map((r) => r.pk),
  );
  return rows.map((u) => ({
    pk: u.pk,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    account_type: u.accountType,
    client_companies: memberships.filter((m) => m.userId === u.pk).map((m) => ({ pk: m.pk, name: m.name })),
    has_signed_in: u.lastLoginAt !== null,
  }));
};

/** A client user the firm user can see (through a visible company), else 404. */
const getVisibleClientUser = async (db: Db, actor: FirmActor, userPk: number) => {
  const memberships = await findVisibleMemberships(db, actor, [userPk]);
  const user = memberships.length > 0 ? await findUserOfFirm(db, actor.firmId, userPk) : null;
  if (!user) throw new NotFoundError();
  return { user, memberships };
};

const BEYOND_ASSIGNED = 'This person also has access to a client you are not assigned to; ask an admin of your firm.';

/**
 * What acts on the person rather than on one membership (a sign-in link, their
 * email, name or phone) reaches every company they belong to, so the firm user
 * must see each of them. Seeing the person through one company is not enough:
 * that is 403, since the person themselves is visible.
 */
const assertSeesEveryCompanyOf = async (db: Db, actor: FirmActor, userPk: number) => {
  for (const companyPk of await findCompanyPksOfUser(db, actor.firmId, userPk)) {
    try {
      await companyAccess(db, actor, companyPk, 'accountant');
    } catch (err) {
      if (err instanceof NotFoundError) throw new ForbiddenError(BEYOND_ASSIGNED);
      throw err;
    }
  }
};

/**
 * Emails a sign-in link that doubles as the invitation. A client's (`companyPk` given) can be answered by
 * email: the reply becomes a note on the client company.
 */
export const sendInvitation = async (ctx: PeopleContext, opts: { firmId: number; userPk: number; inviterUserPk: number; companyName: string; companyPk?: number }) => {
  const user = await findUserOfFirm(ctx.db, opts.firmId, opts.userPk);
  const inviter = await findUserOfFirm(ctx.db, opts.firmId, opts.inviterUserPk);
  if (!user || !inviter) return;
  const brand = await findBrandOfUser(ctx.db, opts.inviterUserPk);
  const code = await issueCode(ctx.db, user.pk, 'MAGIC_LINK');
  await ctx.mailer.send(
    user.email,
    brand,
    invitationEmail({
      firstName: user.firstName,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
      firmName: brand.firmName ?? 'Your accountant',
      companyName: opts.companyName,
      url: magicLinkUrl(ctx.appUrl, code),
    }),
    'INVITATION',
    opts.companyPk === undefined ? {} : { replyTo: replyAddressFor(ctx.replies, { kind: 'client-company', pk: opts.companyPk }, user.pk) },
  );
};

export const inviteClientUser = async (ctx: PeopleContext, actor: Actor, input: ClientUserInviteBody): Promise<ClientUser> => {
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, input.client_company, 'accountant')).company;
  const { userPk } = await ctx.db.transaction(async (tx) => {
    const added = await addClientMember(tx, {
      firmId: firmActor.firmId,
      companyPk: company.pk,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: 'CLIENT',
    });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_user.invite',
      targetType: 'user',
      targetPk: added.userPk,
      details: { client_company: company.pk, created: added.created },
    });
    return added;
  });
  await sendInvitation(ctx, { firmId: firmActor.firmId, userPk, inviterUserPk: actor.userId, companyName: company.name, companyPk: company.pk });
  const user = await findUserOfFirm(ctx.db, firmActor.firmId, userPk);
  const [result] = await toClientUsers(ctx.db, firmActor, [user!]);
  return result!;
};

/** One page of the client users the firm user can see, with links to its neighbours (`url`: the request's own). */
export const listClientUsers = async (
  db: Db,
  actor: Actor,
  query: { page: number; page_size: number; search?: string | undefined; client_company?: number | undefined },
  url: string,
) => {
  const firmActor = can.workOnClients(actor);
  const { count, rows } = await listVisibleClientUsers(db, firmActor, {
    companyPk: query.client_company,
    search: query.search || undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: await toClientUsers(db, firmActor, rows) };
};

export const retrieveClientUser = async (db: Db, actor: Actor, userPk: number) => {
  const firmActor = can.workOnClients(actor);
  const { user } = await getVisibleClientUser(db, firmActor, userPk);
  const [result] = await toClientUsers(db, firmActor, [user]);
  return result!;
};

export const updateClientUser = async (
  db: Db,
  actor: Actor,
  userPk: number,
  input: { first_name?: string | undefined; last_name?: string | undefined; phone?: string | undefined },
) => {
  const firmActor = can.workOnClients(actor);
  await getVisibleClientUser(db, firmActor, userPk);
  await assertSeesEveryCompanyOf(db, firmActor, userPk);
  await updateClientUserFields(db, firmActor.firmId, userPk, { firstName: input.first_name, lastName: input.last_name, phone: input.phone });
  return retrieveClientUser(db, actor, userPk);
};

/** Email changes must stay unique; the user signs in with the new address from then on. */
export const updateClientContacts = async (db: Db, actor: Actor, userPk: number, input: { email?: string | undefined; phone?: string | undefined }) => {
  const firmActor = can.workOnClients(actor);
  const { user } = await getVisibleClientUser(db, firmActor, userPk);
  await assertSeesEveryCompanyOf(db, firmActor, user.pk);
  if (input.email && input.email !== user.email.toLowerCase()) {
    const owner = await findUserByEmail(db, input.email);
    if (owner && owner.pk !== user.pk) throw ValidationError.field('email', details.emailTaken);
  }
  try {
    await db.transaction(async (tx) => {
      await updateClientUserContacts(tx, firmActor.firmId, user.pk, { email: input.email, phone: input.phone });
      await writeAudit(tx, {
        firmId: firmActor.firmId,
        actorUserId: actor.userId,
        action: 'client_user.contacts_update',
        targetType: 'user',
        targetPk: user.pk,
        details: { fields: Object.keys(input) },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ValidationError.field('email', details.emailTaken);
    throw err;
  }
  return retrieveClientUser(db, actor, userPk);
};

/**
 * Takes away access to one visible company (or all of them). A user left with
 * no company at all is deleted, which also ends their sessions.
 */
export const removeClientUser = async (db: Db, actor: Actor, userPk: number, companyPk?: number) => {
  const firmActor = can.workOnClients(actor);
  const { memberships } = await getVisibleClientUser(db, firmActor, userPk);
  const targets = memberships.filter((m) => companyPk === undefined || m.pk === companyPk).map((m) => m.pk);
  if (targets.length === 0) throw new NotFoundError();
  await db.transaction(async (tx) => {
    const { deleted } = await removeClientAccess(tx, firmActor.firmId, userPk, targets);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_user.remove',
      targetType: 'user',
      targetPk: userPk,
      details: { client_companies: targets, deleted },
    });
  });
};

/**
 * A sign-in link for a client user, for the accountant to pass on themselves.
 * Allowed in read-only mode (the route table marks it so): signing in changes
 * none of the firm's data, and clients may still look at their history.
 */
export const getClientMagicLink = async (ctx: PeopleContext, actor: Actor, companyPk: number, userPk: number) => {
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, companyPk, 'accountant')).company;
  const member = (await usersOfCompany(ctx.db, company.pk)).find((u) => u.pk === userPk);
  if (!member || !member.isActive) throw new NotFoundError();
  // The link signs in as the person, into every company they belong to.
  await assertSeesEveryCompanyOf(ctx.db, firmActor, member.pk);
  const code = await issueCode(ctx.db, member.pk, 'MAGIC_LINK');
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'client_user.magic_link',
    targetType: 'user',
    targetPk: member.pk,
    details: { client_company: company.pk },
  });
  return { url: magicLinkUrl(ctx.appUrl, code) };
};

/** "Notify now": emails every user of the company a reminder with their own sign-in link. */
export const notifyClient = async (ctx: PeopleContext, actor: Actor, companyPk: number) => {
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, companyPk, 'accountant')).company;
  const recipients = (await usersOfCompany(ctx.db, company.pk)).filter((u) => u.isActive);
  if (recipients.length === 0) throw ValidationError.detail('This client has no users to notify yet. Invite one first.');
  const brand = await findBrandOfUser(ctx.db, actor.userId);
  for (const user of recipients) {
    const code = await issueCode(ctx.db, user.pk, 'MAGIC_LINK');
    await ctx.mailer.send(
      user.email,
      brand,
      clientReminderEmail({
        firstName: user.firstName,
        firmName: brand.firmName ?? 'Your accountant',
        companyName: company.name,
        pinnedNote: company.pinnedNote,
        url: magicLinkUrl(ctx.appUrl, code),
      }),
      'CLIENT_REMINDER',
      { replyTo: replyAddressFor(ctx.replies, { kind: 'client-company', pk: company.pk }, user.pk) },
    );
  }
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'client_company.notify',
    targetType: 'client_company',
    targetPk: company.pk,
    details: { recipients: recipients.length },
  });
  return { sent: recipients.length };
};
