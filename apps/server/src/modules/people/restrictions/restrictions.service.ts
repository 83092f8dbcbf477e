import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, type FirmActor } from '../../../kernel/permissions.js';
import { findMembership } from '../../../kernel/company-membership.js';
import {
  deleteRestrictions,
  findCompanyAccountPks,
  findRestrictions,
  findRestrictedUsers,
  listRestrictions,
  updateRestriction,
  upsertRestrictions,
} from './restrictions.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { AppDeps } from '../../../app-deps.js';

type Kind = 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT';
type Row = Awaited<ReturnType<typeof listRestrictions>>[number];

const toRestriction = (r: Row) => ({
  pk: r.pk,
  client_company: r.clientCompanyId,
  user: r.userId,
  account: { pk: r.accountId, name: r.accountName },
  kind: r.kind,
});

/** The user must belong to the company, and every account must be the company's. */
const checkTargets = async (db: Db, companyPk: number, userPk: number, accountPks: number[]) => {
  if (!(await findMembership(db, companyPk, userPk))) throw ValidationError.field('user', 'User is not valid.');
  const known = await findCompanyAccountPks(db, companyPk, accountPks);
  if (known.length !== new Set(accountPks).size) throw ValidationError.field('account', 'Account is not valid.');
};

const audit = (db: Db, actor: FirmActor, action: string, companyPk: number, details: Record<string, unknown>) =>
  writeAudit(db, { firmId: actor.firmId, actorUserId: actor.userId, action, targetType: 'client_company', targetPk: companyPk, details });

export const listCompanyRestrictions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, userPk }: { companyPk: number; userPk?: number | undefined }) => {
  const firmActor = can.workOnClients(actor);
  await companyAccess(db, firmActor, companyPk, 'accountant');
  return (await listRestrictions(db, companyPk, userPk)).map(toRestriction);
};

export const usersWithRestrictions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const restrictions = await listCompanyRestrictions({ db }, actor, { companyPk });
  const people = await findRestrictedUsers(db, companyPk, [...new Set(restrictions.map((r) => r.user))]);
  return people.map((u) => ({
    user: { pk: u.pk, email: u.email, name: `${u.firstName} ${u.lastName}`.trim() },
    restrictions: restrictions.filter((r) => r.user === u.pk),
  }));
};

export const createRestrictions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, input: { client_company: number; user: number; kind: Kind; accounts: number[] }) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(db, firmActor, input.client_company, 'accountant');
  await checkTargets(db, company.pk, input.user, input.accounts);
  const pks = await db.transaction(async (tx) => {
    const created = await upsertRestrictions(
      tx,
      input.accounts.map((accountId) => ({ clientCompanyId: company.pk, userId: input.user, accountId, kind: input.kind })),
    );
    await audit(tx, firmActor, 'restriction.create', company.pk, { user: input.user, kind: input.kind, accounts: input.accounts });
    return created;
  });
  return (await findRestrictions(db, firmActor.firmId, pks)).map(toRestriction);
};

/** One restriction: the route's single `account` is a list of one for `createRestrictions`. */
export const createRestriction = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, input: { client_company: number; user: number; kind: Kind; account: number }) => {
  const { account, ...rest } = input;
  const [created] = await createRestrictions({ db }, actor, { ...rest, accounts: [account] });
  return created!;
};

/** A restriction the firm user can see (its company is visible), else 404. */
const getVisibleRestrictions = async (db: Db, actor: FirmActor, pks: number[]) => {
  const rows = await findRestrictions(db, actor.firmId, pks);
  for (const companyPk of new Set(rows.map((r) => r.clientCompanyId))) await companyAccess(db, actor, companyPk, 'accountant');
  if (rows.length !== new Set(pks).size) throw new NotFoundError();
  return rows;
};

export const updateOneRestriction = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { restrictionPk: pk, ...input }: { restrictionPk: number; account?: number | undefined; kind?: Kind | undefined },
) => {
  const firmActor = can.workOnClients(actor);
  const [row] = await getVisibleRestrictions(db, firmActor, [pk]);
  // A PATCH that names no field changes nothing (and writes no audit entry): the restriction as it is.
  if (input.account === undefined && input.kind === undefined) return toRestriction(row!);
  if (input.account !== undefined) await checkTargets(db, row!.clientCompanyId, row!.userId, [input.account]);
  await db.transaction(async (tx) => {
    await updateRestriction(tx, row!.clientCompanyId, pk, { accountId: input.account, kind: input.kind });
    await audit(tx, firmActor, 'restriction.update', row!.clientCompanyId, { pk, ...input });
  });
  return toRestriction((await findRestrictions(db, firmActor.firmId, [pk]))[0]!);
};

export const removeRestrictions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { pks }: { pks: number[] }) => {
  const firmActor = can.workOnClients(actor);
  const rows = await getVisibleRestrictions(db, firmActor, pks);
  await db.transaction(async (tx) => {
    await deleteRestrictions(tx, firmActor.firmId, pks);
    for (const companyPk of new Set(rows.map((r) => r.clientCompanyId))) {
      await audit(tx, firmActor, 'restriction.delete', companyPk, { pks: rows.filter((r) => r.clientCompanyId === companyPk).map((r) => r.pk) });
    }
  });
};
