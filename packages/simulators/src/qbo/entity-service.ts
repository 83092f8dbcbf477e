import { refuseInClosedPeriod } from './closed-books.js';
import { isCreatable, isDeletable } from './entities.js';
import { invalidRequest, objectNotFound, requiredParamMissing, staleObject, unsupportedOperation } from './faults.js';
import { normalizeEntity } from './normalize.js';
import { nameReferences } from './references.js';
import type { CompanyStore } from './store.js';
import { isJsonObject, type JsonObject, type JsonValue, type QboEntity } from './types.js';
import { validateEntity } from './validation.js';

/**
 * Create, read, update and delete with QBO's rules. The HTTP routes, batch, upload and the
 * control API all come through here, so a write looks the same whichever door it used.
 */
export function readEntity(store: CompanyStore, entity: string, id: string): QboEntity {
  // CompanyInfo is addressed by realm id in the path (/companyinfo/{realmId}) though its Id is "1".
  if (entity === 'CompanyInfo' && id === store.realmId) id = '1';
  const row = store.get(entity, id);
  if (!row) throw objectNotFound(`${entity} ${id} was not found.`);
  return row;
}

export function createEntity(store: CompanyStore, entity: string, body: JsonObject): QboEntity {
  if (!isCreatable(entity)) throw unsupportedOperation(`Create for ${entity}`);
  const row = normalizeEntity(entity, body, parentName(store, entity));
  refuseInClosedPeriod(store, entity, row.TxnDate);
  validateEntity(store, entity, row);
  nameReferences(store, entity, row);
  return store.insert(entity, row);
}

export function updateEntity(store: CompanyStore, entity: string, body: JsonObject): QboEntity {
  const current = currentVersion(store, entity, body);
  const sparse = body.sparse === true || body.sparse === 'true';
  // A sparse update changes only the fields sent (a Line array still replaces every line);
  // a full update replaces the object, so omitted writable fields are cleared.
  const merged: JsonObject = sparse ? { ...current, ...body } : { ...keptOnFullUpdate(entity, current), ...body };
  const row = normalizeEntity(entity, merged, parentName(store, entity));
  refuseInClosedPeriod(store, entity, current.TxnDate, row.TxnDate);
  validateEntity(store, entity, row, current.Id);
  nameReferences(store, entity, row);
  return store.replace(entity, current.Id, row);
}

/** Create, or update when the body names an existing object, as QBO's single POST endpoint does. */
export function saveEntity(store: CompanyStore, entity: string, body: JsonObject, operation?: string): QboEntity {
  if (operation === 'update' || (operation === undefined && body.Id !== undefined)) return updateEntity(store, entity, body);
  if (operation !== undefined && operation !== 'create') throw unsupportedOperation(operation);
  return createEntity(store, entity, body);
}

export function deleteEntity(store: CompanyStore, entity: string, body: JsonObject): JsonObject {
  if (!isDeletable(entity)) throw unsupportedOperation(`Delete for ${entity}; make it inactive instead`);
  const current = currentVersion(store, entity, body);
  refuseInClosedPeriod(store, entity, current.TxnDate);
  store.remove(entity, current.Id);
  return { domain: 'QBO', status: 'Deleted', Id: current.Id };
}

function currentVersion(store: CompanyStore, entity: string, body: JsonObject): QboEntity {
  if (typeof body.Id !== 'string' || body.Id === '') throw requiredParamMissing('Id');
  const current = store.get(entity, body.Id);
  if (!current) throw objectNotFound(`${entity} ${body.Id} was not found.`);
  if (body.SyncToken === undefined || body.SyncToken === null) throw requiredParamMissing('SyncToken');
  if (String(body.SyncToken) !== current.SyncToken) throw staleObject(current.Id, String(body.SyncToken), current.SyncToken);
  return current;
}

/** Fields QBO maintains itself, which a full update does not clear (a file stays attached when only AttachableRef is sent). */
const SYSTEM_MAINTAINED: Record<string, readonly string[]> = {
  Attachable: ['FileName', 'ContentType', 'Size', 'FileAccessUri', 'TempDownloadUri'],
  Account: ['CurrentBalance', 'CurrentBalanceWithSubAccounts'],
  Vendor: ['Balance'],
  Customer: ['Balance'],
};

function keptOnFullUpdate(entity: string, current: QboEntity): JsonObject {
  const kept: JsonObject = {};
  for (const field of SYSTEM_MAINTAINED[entity] ?? []) kept[field] = current[field];
  return kept;
}

/** FullyQualifiedName of a parent (Account:Sub, Class:Sub) comes from the parent row. */
function parentName(store: CompanyStore, entity: string): (ref: JsonValue | undefined) => string | undefined {
  return (ref) => {
    if (!isJsonObject(ref) || typeof ref.value !== 'string') return undefined;
    const parent = store.get(entity, ref.value);
    return typeof parent?.FullyQualifiedName === 'string' ? parent.FullyQualifiedName : undefined;
  };
}

/** Write bodies are the bare entity object. */
export function requireObject(body: unknown): JsonObject {
  if (!isJsonObject(body)) throw invalidRequest('body must be a JSON object');
  return body;
}
