import { canonicalEntity } from './entities.js';
import { deleteEntity, saveEntity } from './entity-service.js';
import { QboFault, invalidRequest, validationFault } from './faults.js';
import { runQuery } from './query-service.js';
import type { CompanyStore } from './store.js';
import { asArray, isJsonObject, type JsonObject } from './types.js';

const MAX_ITEMS = 30;

/**
 * POST /batch (§1.2): items run in order, each answering under its bId with the entity,
 * a QueryResponse or its own Fault; one failing item does not stop the others.
 */
export function runBatch(store: CompanyStore, body: JsonObject): JsonObject {
  const items = asArray(body.BatchItemRequest).filter(isJsonObject);
  if (items.length === 0) throw invalidRequest('BatchItemRequest');
  if (items.length > MAX_ITEMS) {
    throw validationFault('1040', 'Number of items exceeds the limit', `A batch may hold at most ${MAX_ITEMS} items.`);
  }
  return { BatchItemResponse: items.map((item) => runItem(store, item)) };
}

function runItem(store: CompanyStore, item: JsonObject): JsonObject {
  const bId = typeof item.bId === 'string' ? item.bId : '';
  try {
    if (typeof item.Query === 'string') return { bId, QueryResponse: runQuery(store, item.Query) };
    const key = Object.keys(item).find((name) => canonicalEntity(name) === name && isJsonObject(item[name]));
    const payload = key === undefined ? undefined : item[key];
    if (key === undefined || !isJsonObject(payload)) throw invalidRequest('batch item has no entity');
    const operation = typeof item.operation === 'string' ? item.operation : 'create';
    if (operation === 'delete') return { bId, [key]: deleteEntity(store, key, payload) };
    return { bId, [key]: saveEntity(store, key, payload, operation) };
  } catch (error) {
    if (error instanceof QboFault && isJsonObject(error.body.Fault)) return { bId, Fault: error.body.Fault };
    throw error;
  }
}
