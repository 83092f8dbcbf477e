import { randomUUID } from 'node:crypto';
import {
  QBD_ACCOUNT_TYPES,
  QBO_ACCOUNT_TYPES,
  SYNC_ERRORS_BLOCK_MESSAGE,
  TAX_CALCULATIONS,
  XERO_ACCOUNT_TYPES,
  type RefKind,
} from '@herd/contract';
import type { Db } from '../../db/client.js';
import type { LedgerRegistry, NewListEntry } from '../../integrations/ledger-adapter.js';
import { ledgerAccounts, ledgerRefs } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import { assertWritable } from '../auth/actor.js';
import { openSyncErrorCount } from '../transactions/transactions.queries.js';
import { findScoped } from '../transactions/transactions.scope.js';
import {
  countCompanyAccounts,
  findAccountByName,
  findAccountOptions,
  findRefByName,
  findRefOptions,
  findTrackingCategory,
  setWatchedAccounts,
  type AccountSet,
  type OptionFilter,
} from './refs.queries.js';
import { type CompanyAccess } from '../access/company-access.js';

export type { AccountSet };

export const accountTypesFor = (system: 'qbo' | 'qbd' | 'xero') =>
  system === 'qbo'
    ? Object.entries(QBO_ACCOUNT_TYPES).map(([type, subtypes]) => ({ type, subtypes: [...subtypes] }))
    : (system === 'qbd' ? QBD_ACCOUNT_TYPES : XERO_ACCOUNT_TYPES).map((type) => ({ type, subtypes: [] }));

export const listRefOptions = (db: Db, scope: CompanyAccess, kind: RefKind, filter: OptionFilter) =>
  findRefOptions(db, scope.company.pk, kind, filter);

/** The options of one tracking category of the scope's company (404 for another company's). */
export const listTrackingOptions = async (db: Db, scope: CompanyAccess, trackingCategoryPk: number, filter: OptionFilter) => {
  if (!(await findTrackingCategory(db, scope.company.pk, trackingCategoryPk))) throw new NotFoundError();
  return findRefOptions(db, scope.company.pk, 'TRACKING_OPTION', { ...filter, parentId: trackingCategoryPk });
};

export const listAccountOptions = (db: Db, scope: CompanyAccess, set: AccountSet, filter: OptionFilter) =>
  findAccountOptions(db, scope.company.pk, set, filter);

export const taxCalculationsFor = (scope: CompanyAccess) =>
  (scope.company.connectionKind === 'XERO' ? TAX_CALCULATIONS.XERO : TAX_CALCULATIONS.QUICKBOOKS).map((name, i) => ({
    pk: i + 1,
    name,
    active: true,
  }));

/** SPEC §8: while the transaction being categorized has sync errors, no new objects are made from it. */
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
  const outcome = await deps.ledgers.adapterFor(scope.company.connectionKind).createListEntry(deps.db, scope.company, entry);
  if (outcome.kind === 'refused') throw ValidationError.field('name', outcome.message);
  return outcome.kind === 'created' ? { externalId: outcome.externalId, raw: outcome.raw } : { externalId: `herd:${randomUUID()}`, raw: {} };
};

export interface RefDeps {
  db: Db;
  ledgers: LedgerRegistry;
}

/** Creates a vendor or customer in the company's lists, in the ledger first. */
export const createRef = async (deps: RefDeps, scope: CompanyAccess, kind: 'VENDOR' | 'CUSTOMER', input: { name: string; transaction?: number | undefined }) => {
  const { db } = deps;
  assertWritable(scope.actor);
  await refuseOnSyncErrors(db, scope, input.transaction);
  if (await findRefByName(db, scope.company.pk, kind, input.name)) throw ValidationError.field('name', `A ${LABELS[kind]} with this name already exists.`);
  const ledger = await createInLedger(deps, scope, { kind, name: input.name });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ledgerRefs)
      .values({ clientCompanyId: scope.company.pk, kind, name: input.name, ...ledger })
      .returning();
    await writeAudit(tx, { firmId: scope.company.firmId, actorUserId: scope.actor.userId, action: `${kind.toLowerCase()}.create`, targetType: 'client_company', targetPk: scope.company.pk, details: { name: input.name } });
    return { pk: row!.pk, name: row!.name, active: row!.active };
  });
};

export const createCategory = async (
  deps: RefDeps,
  scope: CompanyAccess,
  input: { name: string; account_type: string; account_subtype?: string | undefined; transaction?: number | undefined },
) => {
  const { db } = deps;
  assertWritable(scope.actor);
  await refuseOnSyncErrors(db, scope, input.transaction);
  if (await findAccountByName(db, scope.company.pk, input.name)) throw ValidationError.field('name', 'A category with this name already exists.');
  const ledger = await createInLedger(deps, scope, { kind: 'CATEGORY', name: input.name, accountType: input.account_type, accountSubtype: input.account_subtype ?? null });
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
    await writeAudit(tx, { firmId: scope.company.firmId, actorUserId: scope.actor.userId, action: 'category.create', targetType: 'client_company', targetPk: scope.company.pk, details: { name: input.name } });
    return { pk: row!.pk, name: row!.name, active: row!.active, account_type: row!.accountType, is_payment_account: false, is_watched: false };
  });
};

/** The accountant chooses which accounts Herd watches (DESIGN.md §1's defaults are a starting point). */
export const updateHerdAccounts = async (db: Db, scope: CompanyAccess, watched: number[]) => {
  assertWritable(scope.actor);
  const unique = [...new Set(watched)];
  if ((await countCompanyAccounts(db, scope.company.pk, unique)) !== unique.length) throw ValidationError.field('watched', 'Accounts is not valid.');
  await db.transaction(async (tx) => {
    await setWatchedAccounts(tx, scope.company.pk, unique);
    await writeAudit(tx, { firmId: scope.company.firmId, actorUserId: scope.actor.userId, action: 'herd_accounts.update', targetType: 'client_company', targetPk: scope.company.pk, details: { watched: unique } });
  });
};

