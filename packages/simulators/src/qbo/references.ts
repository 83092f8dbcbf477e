import { canonicalEntity, NAME_ENTITIES } from './entities.js';
import type { CompanyStore } from './store.js';
import { isJsonObject, type JsonObject, type JsonValue, type QboEntity } from './types.js';

/** Which entity a reference field points at; a `type` on the reference wins when it names one. */
const REFERENCE_TARGETS: Record<string, readonly string[]> = {
  AccountRef: ['Account'],
  DepositToAccountRef: ['Account'],
  APAccountRef: ['Account'],
  ARAccountRef: ['Account'],
  IncomeAccountRef: ['Account'],
  ExpenseAccountRef: ['Account'],
  AssetAccountRef: ['Account'],
  ClassRef: ['Class'],
  DepartmentRef: ['Department'],
  VendorRef: ['Vendor'],
  CustomerRef: ['Customer'],
  EmployeeRef: ['Employee'],
  EntityRef: NAME_ENTITIES,
  Entity: NAME_ENTITIES,
  TaxCodeRef: ['TaxCode'],
  ItemRef: ['Item'],
  PaymentMethodRef: ['PaymentMethod'],
  SalesTermRef: ['Term'],
  TermRef: ['Term'],
};

/** Calls `visit` for every reference (`{"value": …}` under a known *Ref key) anywhere in an entity. */
export function forEachReference(
  entity: string,
  value: JsonValue | undefined,
  visit: (key: string, ref: JsonObject, targets: readonly string[]) => void,
  key?: string,
): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachReference(entity, item, visit, key);
    return;
  }
  if (!isJsonObject(value)) return;
  if (key !== undefined && typeof value.value === 'string' && value.value !== '') {
    const targets = referenceTargets(entity, key, value);
    if (targets) visit(key, value, targets);
    return;
  }
  for (const [childKey, child] of Object.entries(value)) forEachReference(entity, child, visit, childKey);
}

function referenceTargets(entity: string, key: string, ref: JsonObject): readonly string[] | undefined {
  if (key === 'ParentRef') return [entity];
  const typed = typeof ref.type === 'string' ? canonicalEntity(ref.type) : undefined;
  if (typed && (key === 'EntityRef' || key === 'Entity')) return [typed];
  return REFERENCE_TARGETS[key];
}

export function findReferenced(store: CompanyStore, ref: JsonObject, targets: readonly string[]): QboEntity | undefined {
  const id = String(ref.value);
  return targets.map((target) => store.get(target, id)).find((row) => row !== undefined);
}

/**
 * QBO answers every reference with the referenced object's current name, whatever the client
 * sent (often only the value). Runs after validation, on the row about to be stored.
 */
export function nameReferences(store: CompanyStore, entity: string, row: JsonObject): void {
  forEachReference(entity, row, (_key, ref, targets) => {
    const found = findReferenced(store, ref, targets);
    const name = found?.FullyQualifiedName ?? found?.DisplayName ?? found?.Name;
    if (typeof name === 'string') ref.name = name;
  });
}
