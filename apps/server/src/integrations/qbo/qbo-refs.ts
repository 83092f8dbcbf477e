import type { RefKind } from '@herd/contract';
import type { LedgerAccountRecord, LedgerRefRecord } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboEntity } from './qbo-api.js';
import { refValue } from './qbo-transaction-map.js';

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
/** Where each list keeps the name a person knows an entry by, in the schema's terms (a tax code or payment method has only a Name). */
const NAME_KEYS: Record<RefEntity, readonly string[]> = {
  Account: ['FullyQualifiedName', 'Name'],
  Vendor: ['FullyQualifiedName', 'DisplayName'],
  Customer: ['FullyQualifiedName', 'DisplayName'],
  Class: ['FullyQualifiedName', 'Name'],
  Department: ['FullyQualifiedName', 'Name'],
  TaxCode: ['Name'],
  Item: ['FullyQualifiedName', 'Name'],
  PaymentMethod: ['Name'],
};
const nameOf = (entity: RefEntity, row: QboEntity): string => {
  for (const key of NAME_KEYS[entity]) if (row[key] !== undefined && row[key] !== null) return String(row[key]);
  return row.Id;
};
const isActive = (row: QboEntity) => row.Active !== false;
/**
 * A tax code's name is a code ("TAX", "NON"); its description says it in words
 * ("Taxable", "Non-Taxable"), which is what a person picks from.
 */
const refNameOf = (entity: RefEntity, row: QboEntity): string =>
  entity === 'TaxCode' && typeof row.Description === 'string' && row.Description.trim() !== '' ? row.Description.trim() : nameOf(entity, row);

/** One page of a QuickBooks reference list as the port's records; deleted entries are left out (Herd keeps what it knew). */
export const referencePage = (entity: RefEntity, rows: QboEntity[]): { accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[] } => {
  const live = rows.filter((row) => row.status !== 'Deleted');
  if (entity === 'Account') {
    return {
      accounts: live.map((row) => {
        const accountType = String(row.AccountType ?? '');
        return {
          externalId: row.Id,
          name: nameOf(entity, row),
          accountType,
          accountSubtype: row.AccountSubType ? String(row.AccountSubType) : null,
          isPaymentAccount: PAYMENT_ACCOUNT_TYPES.has(accountType),
          active: isActive(row),
          parentExternalId: row.SubAccount === true ? refValue(row.ParentRef) : null,
          raw: row,
        };
      }),
      refs: [],
    };
  }
  const kind = REF_ENTITIES[entity];
  return { accounts: [], refs: live.map((row) => ({ kind, externalId: row.Id, name: refNameOf(entity, row), active: isActive(row), raw: row })) };
};
