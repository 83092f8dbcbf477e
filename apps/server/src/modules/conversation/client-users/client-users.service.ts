import { details, unavailable, type ClientUser, type ClientUserInviteBody, type ClientUserUpdateBody } from '@herd/contract';
import { usersOfCompany } from '../../../kernel/company-membership.js';
import type { Db } from '../../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { canDeliverEmail } from '../../../mail/email-delivery.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { findBrandOfUser, findUserOfFirm, findUserOfFirmByEmail } from '../../people/auth/auth.face.js';
import { queueEmailChangeJob, recordEmailChange } from '../../people/email-change/email-change.face.js';
import { pageLinks } from '../../../lib/pagination.js';
import { magicLinkUrl } from '../../people/auth/auth.face.js';
import { issueCode } from '../../people/auth/auth.face.js';
import { can, type FirmActor } from '../../../kernel/permissions.js';
import {
  findCompanyPksOfUser,
  findVisibleMemberships,
  findVisiblePendingMemberships,
  type ListedClientUser,
  listVisibleClientUsers,
  removeClientAccess,
  updateClientUserContacts,
  updateClientUserFields,
} from './client-users.queries.js';
import { inviteToCompany } from '../../people/invitations/invitations.face.js';
import { findPendingClientRows, findPendingOfCompany, findPendingOfEmail, updatePendingPerson } from '../../people/invitations/invitations.face.js';
import { queueInvitationJob } from '../../people/invitations/invitations.face.js';
import { issueInvitationLink } from '../../people/invitations/invitations.face.js';
import { peopleContextOf, type PeopleDeps } from '../../people/invitations/invitations.face.js';
import { removePendingAccess, updatePendingContacts, type PendingRows } from './pending-client-people.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { openWorkReader, reminderRecipients } from '../reminders/reminders.face.js';
import { sendReminder } from '../reminders/reminders.face.js';
import type { AppDeps } from '../../../app-deps.js';

const toClientUsers = async (db: Db, actor: FirmActor, rows: ListedClientUser[]): Promise<ClientUser[]> => {
  const pks = rows.map((r) => r.pk);
  const memberships = [...(await findVisibleMemberships(db, actor, pks)), ...(await findVisiblePendingMemberships(db, actor, pks))];
  return rows.map((u) => ({
    pk: u.pk,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    account_type: u.accountType,
    client_companies: memberships
      .filter((m) => m.userId === u.pk)
      .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
      .map((m) => ({ pk: m.pk, name: m.name })),
    has_signed_in: u.lastLoginAt !== null,
    never_text: u.neverText,
  }));
};

/**
 * A client user the firm user can see (through a visible company), or a person whose invitation to a
 * visible company is pending (`pendingRows` set), else 404. Both answer under the same pk.
 */
const getVisibleClientUser = async (db: Db, actor: FirmActor, userPk: number) => {
  const memberships = await findVisibleMemberships(db, actor, [userPk]);
  const user = memberships.length > 0 ? await findUserOfFirm(db, actor.firmId, userPk) : null;
  if (user) return { user: { ...user, accountType: user.accountType as ListedClientUser['accountType'] }, memberships, pendingRows: null };
  const pendingMemberships = await findVisiblePendingMemberships(db, actor, [userPk]);
  const pendingRows = pendingMemberships.length > 0 ? await findPendingClientRows(db, actor.firmId, userPk) : [];
  const first = pendingRows[0];
  if (!first) throw new NotFoundError();
  const person: ListedClientUser = {
    pk: userPk,
    email: first.email,
    firstName: first.firstName,
    lastName: first.lastName,
    phone: first.phone,
    accountType: first.role as ListedClientUser['accountType'],
    lastLoginAt: null,
    neverText: false,
  };
  return { user: person, memberships: pendingMemberships, pendingRows };
};

const BEYOND_ASSIGNED = 'This person also has access to a client you are not assigned to; ask an admin of your firm.';

/**
 * What acts on the person rather than on one membership (a sign-in link, their
 * email, name or phone) reaches every company they belong to, so the firm user
 * must see each of them. Seeing the person through one company is not enough:
 * that is 403, since the person themselves is visible.
 */
const assertSeesEveryCompanyOf = async (db: Db, actor: FirmActor, userPk: number, pendingRows: PendingRows | null = null) => {
  const companyPks = pendingRows ? pendingRows.map((r) => r.clientCompanyId!) : await findCompanyPksOfUser(db, actor.firmId, userPk);
  for (const companyPk of companyPks) {
    try {
      await companyAccess(db, actor, companyPk, 'accountant');
    } catch (err) {
      if (err instanceof NotFoundError) throw new ForbiddenError(BEYOND_ASSIGNED);
      throw err;
    }
  }
};

/** Invites a person to a client company as its CLIENT; another firm's person is answered like anyone (`invitations/`). */
export const inviteClientUser = async (deps: PeopleDeps, actor: Actor, input: ClientUserInviteBody): Promise<ClientUser> => {
  const ctx = peopleContextOf(deps);
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, input.client_company, 'accountant')).company;
  const userPk = await inviteToCompany(ctx, {
    firmId: firmActor.firmId,
    company,
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'CLIENT',
    inviterUserPk: actor.userId,
    restrictions: null,
    audit: { action: 'client_user.invite', details: { client_company: company.pk } },
  });
  return clientUserOf(ctx.db, actor, userPk);
};

/** One page of the client users the firm user can see, with links to its neighbours (`url`: the request's own). */
export const listClientUsers = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { query, url }: { query: { page: number; page_size: number; search?: string | undefined; client_company?: number | undefined }; url: string },
) => {
  const firmActor = can.workOnClients(actor);
  // A filter naming a company the accountant cannot see (another firm's, or one not assigned to them) is 404,
  // as the company itself is, rather than an empty list that would read as "nobody there yet".
  if (query.client_company !== undefined) await companyAccess(db, firmActor, query.client_company, 'accountant');
  const { count, rows } = await listVisibleClientUsers(db, firmActor, {
    companyPk: query.client_company,
    search: query.search || undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: await toClientUsers(db, firmActor, rows) };
};

const clientUserOf = async (db: Db, actor: Actor, userPk: number) => {
  const firmActor = can.workOnClients(actor);
  const { user } = await getVisibleClientUser(db, firmActor, userPk);
  const [result] = await toClientUsers(db, firmActor, [user]);
  return result!;
};

export const retrieveClientUser = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { userPk }: { userPk: number }) => clientUserOf(db, actor, userPk);

export const updateClientUser = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { userPk, ...input }: { userPk: number } & ClientUserUpdateBody) => {
  const firmActor = can.workOnClients(actor);
  const { pendingRows } = await getVisibleClientUser(db, firmActor, userPk);
  await assertSeesEveryCompanyOf(db, firmActor, userPk, pendingRows);
  const values = { firstName: input.first_name, lastName: input.last_name, phone: input.phone };
  // The mark lives on the person, who exists once they accept; until then nothing is texted to them anyway.
  if (pendingRows && input.never_text) throw ValidationError.field('never_text', 'They can be marked once they accept their invitation.');
  if (pendingRows) await updatePendingPerson(db, firmActor.firmId, userPk, values);
  else await updateClientUserFields(db, firmActor.firmId, userPk, { ...values, neverText: input.never_text });
  return clientUserOf(db, actor, userPk);
};

/** A phone changes at once; an email change waits for the new address to confirm it. */
export const updateClientContacts = async (
  deps: PeopleDeps,
  actor: Actor,
  { userPk, ...input }: { userPk: number; email?: string | undefined; phone?: string | undefined },
) => {
  const ctx = peopleContextOf(deps);
  const { db } = ctx;
  const firmActor = can.workOnClients(actor);
  const { user, pendingRows } = await getVisibleClientUser(db, firmActor, userPk);
  await assertSeesEveryCompanyOf(db, firmActor, user.pk, pendingRows);
  if (pendingRows) {
    await updatePendingContacts(ctx, firmActor, pendingRows, input);
    return clientUserOf(db, actor, userPk);
  }
  // A new email is confirmed by its owner (see modules/people/email-change): only the firm's own people are checked
  // here, so the answer is the same whether the address is unknown or belongs to someone elsewhere.
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase() ? input.email : undefined;
  if (newEmail) {
    const own = await findUserOfFirmByEmail(db, firmActor.firmId, newEmail);
    const pendingOwn = await findPendingOfEmail(db, firmActor.firmId, newEmail);
    if ((own && own.pk !== user.pk) || pendingOwn.length > 0) throw ValidationError.field('email', details.emailTaken);
  }
  const change = await db.transaction(async (tx) => {
    if (input.phone !== undefined) await updateClientUserContacts(tx, firmActor.firmId, user.pk, { phone: input.phone });
    const recorded = newEmail ? await recordEmailChange(tx, { firmId: firmActor.firmId, userId: user.pk, newEmail, requestedBy: actor.userId }) : null;
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'client_user.contacts_update',
      targetType: 'user',
      targetPk: user.pk,
      details: { fields: Object.keys(input), ...(recorded ? { email_change: 'pending' } : {}) },
    });
    return recorded;
  });
  if (change) await queueEmailChangeJob(ctx.jobs, change.pk);
  return clientUserOf(db, actor, userPk);
};

/**
 * Takes away access to one visible company (or all of them). A user left with
 * no company at all is deleted, which also ends their sessions.
 */
export const removeClientUser = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { userPk, companyPk }: { userPk: number; companyPk?: number | undefined }) => {
  const firmActor = can.workOnClients(actor);
  const { memberships, pendingRows } = await getVisibleClientUser(db, firmActor, userPk);
  const targets = memberships.filter((m) => companyPk === undefined || m.pk === companyPk).map((m) => m.pk);
  if (targets.length === 0) throw new NotFoundError();
  await db.transaction(async (tx) => {
    const { deleted } = pendingRows
      ? await removePendingAccess(tx, firmActor.firmId, pendingRows, targets)
      : await removeClientAccess(tx, firmActor.firmId, userPk, targets);
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
export const getClientMagicLink = async (deps: PeopleDeps, actor: Actor, { companyPk, userPk }: { companyPk: number; userPk: number }) => {
  const ctx = peopleContextOf(deps);
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, companyPk, 'accountant')).company;
  const member = (await usersOfCompany(ctx.db, company.pk)).find((u) => u.pk === userPk);
  const pending = member ? null : (await findPendingOfCompany(ctx.db, firmActor.firmId, company.pk)).filter((r) => r.userPk === userPk);
  if (member ? !member.isActive : pending!.length === 0) throw new NotFoundError();
  const pk = member?.pk ?? userPk;
  // The link signs in as the person, into every company they belong to.
  await assertSeesEveryCompanyOf(ctx.db, firmActor, pk, pending && (await findPendingClientRows(ctx.db, firmActor.firmId, pk)));
  // A pending invitation has nobody to sign in as yet: its link takes the invitation up when opened (docs/architecture.md).
  const code = member ? await issueCode(ctx.db, member.pk, 'MAGIC_LINK') : await issueInvitationLink(ctx.db, firmActor.firmId, pk);
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'client_user.magic_link',
    targetType: 'user',
    targetPk: pk,
    details: { client_company: company.pk },
  });
  return { url: magicLinkUrl(ctx.appUrl, code) };
};

/**
 * "Notify now": the scheduled reminder, sent at once to every active user of the company, each about their
 * own open work (a user with nothing open is still asked to look in: the accountant asked). It does not count
 * towards the escalation of unanswered reminders, which follows the schedule alone (docs/reminders.md).
 */
export const notifyClient = async (deps: PeopleDeps & Pick<AppDeps, 'sms'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const ctx = { ...peopleContextOf(deps), sms: deps.sms };
  const firmActor = can.workOnClients(actor);
  const company = (await companyAccess(ctx.db, firmActor, companyPk, 'accountant')).company;
  // Without a way out for email nothing would reach anyone (a text goes only with its email): never "Sent to 2 people".
  if (!canDeliverEmail(deps.config)) throw ValidationError.detail(unavailable.reminderEmail);
  const recipients = await reminderRecipients(ctx.db, company.pk);
  // A pending invitee is reminded as invited: their invitation job runs again (a link, or the notice that the address is taken).
  const pending = await findPendingOfCompany(ctx.db, firmActor.firmId, company.pk);
  if (recipients.length + pending.length === 0) throw ValidationError.detail('This client has no users to notify yet. Invite one first.');
  const brand = await findBrandOfUser(ctx.db, actor.userId);
  let emailed = 0;
  const workOf = openWorkReader(ctx.db, firmActor.firmId, company.pk);
  for (const person of recipients) {
    const work = await workOf(person);
    // Someone who turned reminders off is not emailed, even by "Notify now".
    if (await sendReminder(ctx, brand, company, person, work, { text: true })) emailed += 1;
  }
  await writeAudit(ctx.db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'client_company.notify',
    targetType: 'client_company',
    targetPk: company.pk,
    details: { recipients: emailed + pending.length, turned_off: recipients.length - emailed },
  });
  for (const row of pending) await queueInvitationJob(ctx.jobs, row.pk);
  return { sent: emailed + pending.length };
};
