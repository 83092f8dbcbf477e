import { sql } from 'drizzle-orm';
import type { RefKind } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../../db/schema/index.js';
import { isWatchedByDefault } from '../watched-accounts.js';
import type { QboEntity } from './qbo-api.js';

/** QuickBooks' reference lists and the Herd list each one fills. */
export const REF_ENTITIES = {
  Account: null,
  Vendor: 'VENDOR',
  Customer: 'CUSTOMER',
  Class: 'CLASS',
  Department: 'LOCATION',
  TaxCode: 'TAX',
  Item: 'ITEM',
  PaymentMethod: 'PAYMENT_METHOD',
} as const satisfies Record<string, RefKind | null>;
export type RefEntity = keyof typeof REF_ENTITIES;
export const REF_ENTITY_NAMES = Object.keys(REF_ENTITIES) as RefEntity[];

const PAYMENT_ACCOUNT_TYPES = new Set(['Bank', 'Credit Card']);
const nameOf = (row: QboEntity): string => String(row.FullyQualifiedName ?? row.DisplayName ?? row.Name ?? row.Id);
const isActive = (row: QboEntity) => row.Active !== false;
/**
 * A tax code's name is a code ("TAX", "NON"); its description says it in words
 * ("Taxable", "Non-Taxable"), which is what a person picks from.
 */
const refNameOf = (entity: RefEntity, row: QboEntity): string =>
  entity === 'TaxCode' && typeof row.Description === 'string' && row.Description.trim() !== '' ? row.Description.trim() : nameOf(row);

/**
 * Upserts one page of a reference list by external id. Renames and
 * deactivations come through; whether an account is watched is decided only
 * the first time Herd sees it, after that it is the accountant's choice.
 */
export const upsertReferencePage = async (db: Db, companyPk: number, entity: RefEntity, rows: QboEntity[]) => {
  const live = rows.filter((row) => row.status !== 'Deleted');
  if (live.length === 0) return;
  if (entity === 'Account') {
    await db
      .insert(ledgerAccounts)
      .values(
        live.map((row) => {
          const name = nameOf(row);
          const accountType = String(row.AccountType ?? '');
          return {
            clientCompanyId: companyPk,
            externalId: row.Id,
            name,
            accountType,
            accountSubtype: row.AccountSubType ? String(row.AccountSubType) : null,
            isPaymentAccount: PAYMENT_ACCOUNT_TYPES.has(accountType),
            isWatched: isWatchedByDefault(name),
            active: isActive(row),
            raw: row,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [ledgerAccounts.clientCompanyId, ledgerAccounts.externalId],
        set: {
          name: sql`excluded.name`,
          accountType: sql`excluded.account_type`,
          accountSubtype: sql`excluded.account_subtype`,
          isPaymentAccount: sql`excluded.is_payment_account`,
          active: sql`excluded.active`,
          raw: sql`excluded.raw`,
          updatedAt: new Date(),
        },
      });
    return;
  }
  const kind = REF_ENTITIES[entity];
  await db
    .insert(ledgerRefs)
    .values(
      live.map((row) => ({
        clientCompanyId: companyPk,
        kind,
        externalId: row.Id,
        name: refNameOf(entity, row),
        active: isActive(row),
        raw: row,
      })),
    )
    .onConflictDoUpdate({
      target: [ledgerRefs.clientCompanyId, ledgerRefs.kind, ledgerRefs.externalId],
      set: { name: sql`excluded.name`, active: sql`excluded.active`, raw: sql`excluded.raw`, updatedAt: new Date() },
    });
};
