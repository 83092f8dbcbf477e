import { askRulesInWords, clientFinishRule, clientReceiptRule, type ClientSideCompany } from '@herd/contract';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { type Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { peopleContextOf, type PeopleDeps } from '../../people/invitations/invitations.face.js';
import { inviteToCompany } from '../../people/invitations/invitations.face.js';
import { deletePendingInvitations, findPendingOfCompany } from '../../people/invitations/invitations.face.js';
import { removeClientAccess } from '../client-users/client-users.face.js';
import { fileUrlOrNull } from '../../platform/stored-files/stored-files.face.js';
import { assertManagesCompanyUsers } from './client-scope.rule.js';
import { findCompaniesOfClient, findCompanyUsers, findContactFor } from './client-side.queries.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { pinnedNotesByCompany } from '../notes/notes.face.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

type CompanyRow = Awaited<ReturnType<typeof findCompaniesOfClient>>[number]['company'];

type PinnedThreadNote = ClientSideCompany['pinned_thread_note'];

const toClientSideCompany = (company: CompanyRow, role: 'CLIENT' | 'CLIENT_COWORKER', pinned: PinnedThreadNote): ClientSideCompany => ({
  pk: company.pk,
  name: company.name,
  connection_kind: company.connectionKind,
  client_editable_fields: company.clientEditableFields,
  finish_rule: clientFinishRule(company.finishRule, company.clientEditableFields),
  receipt_above: clientReceiptRule(company.askRules, company.clientEditableFields),
  ask_rules_words: askRulesInWords({ ...company.askRules, receipt_above: clientReceiptRule(company.askRules, company.clientEditableFields) }),
  pinned_note: company.pinnedNote,
  pinned_thread_note: pinned,
  role,
});

/** A client's own companies (an accountant has no such list: they view one company as its client). */
export const listOwnCompanies = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  if (isFirmActor(actor)) throw new ForbiddenError();
  const rows = await findCompaniesOfClient(db, actor.userId);
  const pinned = await pinnedNotesByCompany(
    db,
    rows.map((r) => r.company.pk),
  );
  return rows.map((r) => toClientSideCompany(r.company, r.role, pinned.get(r.company.pk) ?? null));
};

export const retrieveOwnCompany = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const scope = await companyAccess(db, actor, companyPk, 'client');
  const pinned = await pinnedNotesByCompany(db, [scope.company.pk]);
  return toClientSideCompany(scope.company, scope.role ?? 'CLIENT', pinned.get(scope.company.pk) ?? null);
};

export const myAccountant = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk?: number | undefined }) => {
  const pk = companyPk ?? actor.clientCompanyIds[0];
  if (pk === undefined) throw new NotFoundError();
  const { company } = await companyAccess(db, actor, pk, 'client');
  const firm = await findFirm(db, company.firmId);
  if (!firm) throw new NotFoundError();
  const contact = await findContactFor(db, company.pk, firm.pk);
  return {
    firm: { pk: firm.pk, company_name: firm.companyName, main_color: firm.mainColor, logo: fileUrlOrNull(firm.logoFileId) },
    contact: contact ? { name: `${contact.firstName} ${contact.lastName}`.trim(), email: contact.email, phone: contact.phone } : null,
  };
};

/** The people of a company: its users and those whose invitation to it is pending (never signed in), by name. */
export const listCompanyUsers = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const { company } = await companyAccess(db, actor, companyPk, 'client');
  const people = [
    ...(await findCompanyUsers(db, company.pk)).map(({ user, role }) => ({
      pk: user.pk,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role,
      has_signed_in: user.lastLoginAt !== null,
    })),
    ...(await findPendingOfCompany(db, company.firmId, company.pk)).map((row) => ({
      pk: row.userPk,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      role: row.role as 'CLIENT' | 'CLIENT_COWORKER',
      has_signed_in: false,
    })),
  ];
  const key = (p: { first_name: string; last_name: string; pk: number }) => [p.first_name, p.last_name, String(p.pk).padStart(10, '0')].join('\u0000');
  return people.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
};

/** A client invites a coworker to their company; another firm's person is answered like anyone (`invitations/`). */
export const inviteClientCoworker = async (deps: PeopleDeps, actor: Actor, input: { email: string; first_name: string; last_name: string; client_company: number }) => {
  const ctx = peopleContextOf(deps);
  const scope = await companyAccess(ctx.db, actor, input.client_company, 'client');
  assertManagesCompanyUsers(scope);
  const userPk = await inviteToCompany(ctx, {
    firmId: scope.company.firmId,
    company: scope.company,
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: 'CLIENT_COWORKER',
    inviterUserPk: actor.userId,
    // A coworker sees no more than the person who invited them: a restricted client passes on their accounts.
    restrictions: scope.restrictions,
    audit: {
      action: 'client_coworker.invite',
      details: { client_company: scope.company.pk, viewing_as_client: scope.viewingAsClient, restrictions: scope.restrictions },
    },
  });
  return (await listCompanyUsers(ctx, actor, { companyPk: scope.company.pk })).find((u) => u.pk === userPk)!;
};

export const removeClientCoworker = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { userPk, companyPk }: { userPk: number; companyPk: number }) => {
  const scope = await companyAccess(db, actor, companyPk, 'client');
  assertManagesCompanyUsers(scope);
  const target = (await listCompanyUsers({ db }, actor, { companyPk: scope.company.pk })).find((u) => u.pk === userPk);
  if (!target || target.role !== 'CLIENT_COWORKER') throw new NotFoundError();
  const pending = (await findPendingOfCompany(db, scope.company.firmId, scope.company.pk)).filter((r) => r.userPk === userPk);
  await db.transaction(async (tx) => {
    if (pending.length > 0)
      await deletePendingInvitations(
        tx,
        scope.company.firmId,
        pending.map((r) => r.pk),
      );
    else await removeClientAccess(tx, scope.company.firmId, userPk, [scope.company.pk]);
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: actor.userId,
      action: 'client_coworker.remove',
      targetType: 'user',
      targetPk: userPk,
      details: { client_company: scope.company.pk, viewing_as_client: scope.viewingAsClient },
    });
  });
};
