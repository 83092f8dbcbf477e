/**
 * The entities the simulator knows. Paths use the lower-case name (`/purchase`), queries and
 * payloads the canonical one (`Purchase`); both resolve here.
 */
export const TRANSACTION_ENTITIES = ['Purchase', 'Deposit', 'JournalEntry', 'Bill', 'VendorCredit', 'SalesReceipt'] as const;

export const NAME_ENTITIES = ['Vendor', 'Customer', 'Employee'] as const;

export const LIST_ENTITIES = ['Account', ...NAME_ENTITIES, 'Class', 'Department', 'TaxCode', 'TaxRate', 'Item', 'PaymentMethod', 'Term'] as const;

/** Singletons read by clients after connecting (company name, whether classes/locations are on). */
export const COMPANY_ENTITIES = ['CompanyInfo', 'Preferences'] as const;

export const ALL_ENTITIES: readonly string[] = [...TRANSACTION_ENTITIES, ...LIST_ENTITIES, ...COMPANY_ENTITIES, 'Attachable'];

const byLowerName = new Map(ALL_ENTITIES.map((name) => [name.toLowerCase(), name]));

/** The canonical entity name for a path segment or query word, or undefined when unknown. */
export function canonicalEntity(name: string): string | undefined {
  return byLowerName.get(name.toLowerCase());
}

export function isTransactionEntity(entity: string): boolean {
  return (TRANSACTION_ENTITIES as readonly string[]).includes(entity);
}

/** QBO deletes transactions and attachables; list entities are only ever made inactive. */
export function isDeletable(entity: string): boolean {
  return isTransactionEntity(entity) || entity === 'Attachable';
}

/** Entities the API refuses to create (US tax codes are managed by QuickBooks itself). */
export function isCreatable(entity: string): boolean {
  return entity !== 'TaxCode' && entity !== 'TaxRate' && !(COMPANY_ENTITIES as readonly string[]).includes(entity);
}

/** Entities whose queries hide inactive rows unless the WHERE clause mentions Active, as QBO does. */
export function hasActiveFlag(entity: string): boolean {
  return (LIST_ENTITIES as readonly string[]).includes(entity);
}
