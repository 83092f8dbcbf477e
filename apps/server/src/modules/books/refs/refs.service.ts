import { randomUUID } from 'node:crypto';
import {
  QBD_ACCOUNT_TYPES,
  QBO_ACCOUNT_TYPES,
  SYNC_ERRORS_BLOCK_MESSAGE,
  TAX_CALCULATIONS,
  XERO_ACCOUNT_TYPES,
  type AccountSelectQuery,
  type RefKind,
  type SelectQuery,
} from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { NewListEntry } from '../ledger/ledger.face.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { pendingExternalId } from './pending-list-entries.service.js';
import { ledgerAccounts, ledgerRefs } from '../../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { findScoped, openSyncErrorCount } from '../../../kernel/transaction-access.js';
import { ledgerFieldsOf } from './ledger-fields.rule.js';
import { accountTypesOf, ledgerAccountSubtypes, type LedgerSystem } from './account-subtypes.rule.js';
import {
  countCompanyAccounts,
  findAccountByName,
  findAccountOptions,
  findLineTrackingCategories,
  findRefByName,
  findRefOptions,
  findTrackingCategory,
  setWatchedAccounts,
  type AccountSet,
  type OptionFilter,
} from './refs.queries.js';
import { companyAccess, type CompanyAccess, type Side } from '../../../kernel/company-access.js';
import type { AppDeps } from '../../../app-deps.js';

/** Selects serve both sides (the accountant's forms, the client's categorization): each from its own side. */
const eitherSide = (db: Db, actor: Actor, companyPk: number) => companyAccess(db, actor, companyPk, isFirmActor(actor) ? 'accountant' : 'client');

const filterOf = (q: SelectQuery): OptionFilter => ({ search: q.search, limit: q.limit, includeInactive: q.include_inactive === 'true' });

/** The ledger's account types (a fixed list per ledger), to anyone who can see the company. */
export const accountTypesFor = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, system }: { companyPk: number; system: 'qbo' | 'qbd' | 'xero' }) => {
  await eitherSide(db, actor, companyPk);
  return system === 'qbo'
    ? Object.entries(QBO_ACCOUNT_TYPES).map(([type, subtypes]) => ({ type, subtypes: [...subtypes] }))
    : (system === 'qbd' ? QBD_ACCOUNT_TYPES : XERO_ACCOUNT_TYPES).map((type) => ({ type, subtypes: [] }));
};

/**
 * The ledger's account subtypes (a fixed list per ledger, `account-subtypes.ts` in the contract),
 * to anyone who can see the company; `accountType` keeps one of the ledger's types (another is a
 * field error).
 */
export const accountSubtypesFor = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, system, accountType }: { companyPk: number; system: LedgerSystem; accountType: string | undefined },
) => {
  await eitherSide(db, actor, companyPk);
  if (accountType !== undefined && !accountTypesOf(system).includes(accountType)) throw ValidationError.field('account_type', 'Account type is not valid.');
  const all = ledgerAccountSubtypes(system);
  return accountType === undefined ? all : all.filter((s) => s.account_type === accountType);
};

/** One reference list of the company, to either side (`either`) or to the accountant only (products and services). */
export const listRefOptions = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, kind, query, who = 'either' }: { companyPk: number; kind: RefKind; query: SelectQuery; who?: 'either' | 'accountant' },
) => {
  const scope = who === 'either' ? await eitherSide(db, actor, companyPk) : await companyAccess(db, actor, companyPk, 'accountant');
  return findRefOptions(db, scope.company.pk, kind, filterOf(query));
};

/** The options of one tracking category of the company (404 for another company's). */
export const listTrackingOptions = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, trackingCategoryPk, query }: { companyPk: number; trackingCategoryPk: number; query: SelectQuery },
) => {
  const scope = await eitherSide(db, actor, companyPk);
  if (!(await findTrackingCategory(db, scope.company.pk, trackingCategoryPk))) throw new NotFoundError();
  return findRefOptions(db, scope.company.pk, 'TRACKING_OPTION', { ...filterOf(query), parentId: trackingCategoryPk });
};

export const listAccountOptions = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, side, set, query }: { companyPk: number; side: Side; set: AccountSet; query: AccountSelectQuery },
) => {
  const scope = await companyAccess(db, actor, companyPk, side);
  // A client limited to some payment (or watched) accounts is offered only those, as their lists show only those.
  const onlyPks = set === 'payment' ? scope.restrictions.paymentAccountIds : set === 'herd' ? scope.restrictions.watchedAccountIds : null;
  return findAccountOptions(db, scope.company.pk, set, { ...filterOf(query), direction: query.direction, onlyPks });
};

/** The fields a categorization has in the company's ledger, named as it names them (ledger-fields.rule.ts), to either side. */
export const listLedgerFields = async ({ db, ledgers }: Pick<AppDeps, 'db' | 'ledgers'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const scope = await eitherSide(db, actor, companyPk);
  return ledgerFieldsOf(ledgers.adapterFor(scope.company.connectionKind).lineFields, await findLineTrackingCategories(db, scope.company.pk));
};

export const taxCalculationsFor = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const scope = await eitherSide(db, actor, companyPk);
  return (scope.company.connectionKind === 'XERO' ? TAX_CALCULATIONS.XERO : TAX_CALCULATIONS.QUICKBOOKS).map((name, i) => ({
    pk: i + 1,
    name,
    active: true,
  }));
};

/** While the transaction being categorized has sync errors, no new objects are made from it: they would rest on what the ledger refused. */
const refuseOnSyncErrors = async (db: Db, scope: CompanyAccess, transactionPk: number | undefined) => {
  if (transactionPk === undefined) return;
  const [tx] = await findScoped(db, scope, [transactionPk]);
  if (tx!.status === 'SYNC_ERROR' || (await openSyncErrorCount(db, scope.company.pk, tx!.pk)) > 0) throw ValidationError.detail(SYNC_ERRORS_BLOCK_MESSAGE);
};

const LABELS: Partial<Record<RefKind, string>> = { VENDOR: 'vendor', CUSTOMER: 'customer' };

/**
 * The ledger makes the entry first (QuickBooks gives it its id, or refuses
 * it with a reason shown on the name field); ledgers Herd holds itself
 * (CSV, generic) keep the list here with an id of Herd's own.
 */
const createInLedger = async (deps: RefDeps, scope: CompanyAccess, entry: NewListEntry) => {
  const adapter = deps.ledgers.adapterFor(scope.company.connectionKind);
  // A ledger that calls Herd is reached at its connector's next run, which makes the entry first (pending-list-entries.service.ts).
  if (adapter.waitsForConnector) return { externalId: pendingExternalId(), raw: {} };
  const outcome = await withGrant(deps.db, scope.company, adapter.displayName, () => adapter.createListEntry(scope.company, entry));
  if (outcome.kind === 'refused') throw ValidationError.field('name', outcome.message);
  return outcome.kind === 'created' ? { externalId: outcome.externalId, raw: outcome.raw } : { externalId: `herd:${randomUUID()}`, raw: {} };
};

export type RefDeps = Pick<AppDeps, 'db' | 'ledgers'>;

/** Creates a vendor or customer in the company's lists (the accountant's), in the ledger first. */
export const createRef = async (
  deps: RefDeps,
  actor: Actor,
  { companyPk, kind, ...input }: { companyPk: number; kind: 'VENDOR' | 'CUSTOMER'; name: string; transaction?: number | undefined },
) => {
  const { db } = deps;
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  await refuseOnSyncErrors(db, scope, input.transaction);
  if (await findRefByName(db, scope.company.pk, kind, input.name)) throw ValidationError.field('name', `A ${LABELS[kind]} with this name already exists.`);
  const ledger = await createInLedger(deps, scope, { kind, name: input.name });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ledgerRefs)
      .values({ clientCompanyId: scope.company.pk, kind, name: input.name, ...ledger })
      .returning();
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: `${kind.toLowerCase()}.create`,
      targetType: 'client_company',
      targetPk: scope.company.pk,
      details: { name: input.name },
    });
    return { pk: row!.pk, name: row!.name, active: row!.active };
  });
};

export const createCategory = async (
  deps: RefDeps,
  actor: Actor,
  { companyPk, ...input }: { companyPk: number; name: string; account_type: string; account_subtype?: string | undefined; transaction?: number | undefined },
) => {
  const { db } = deps;
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  await refuseOnSyncErrors(db, scope, input.transaction);
  if (await findAccountByName(db, scope.company.pk, input.name)) throw ValidationError.field('name', 'A category with this name already exists.');
  const ledger = await createInLedger(deps, scope, {
    kind: 'CATEGORY',
    name: input.name,
    accountType: input.account_type,
    accountSubtype: input.account_subtype ?? null,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({
        clientCompanyId: scope.company.pk,
        ...ledger,
        name: input.name,
        accountType: input.account_type,
        accountSubtype: input.account_subtype ?? null,
      })
      .returning();
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: 'category.create',
      targetType: 'client_company',
      targetPk: scope.company.pk,
      details: { name: input.name },
    });
    return { pk: row!.pk, name: row!.name, active: row!.active, account_type: row!.accountType, is_payment_account: false, is_watched: false };
  });
};

/** The accountant chooses which accounts Herd watches (the defaults of ledger/watched-accounts.rule.ts are a starting point). */
export const updateHerdAccounts = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, watched }: { companyPk: number; watched: number[] }) => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  const unique = [...new Set(watched)];
  if ((await countCompanyAccounts(db, scope.company.pk, unique)) !== unique.length) throw ValidationError.field('watched', 'Accounts is not valid.');
  await db.transaction(async (tx) => {
    await setWatchedAccounts(tx, scope.company.pk, unique);
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: 'herd_accounts.update',
      targetType: 'client_company',
      targetPk: scope.company.pk,
      details: { watched: unique },
    });
  });
};
