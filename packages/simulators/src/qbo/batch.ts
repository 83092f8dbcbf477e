import { canonicalEntity } from './entities.js';
import { deleteEntity, saveEntity } from './entity-service.js';
import { QboFault, invalidRequest, validationFault } from './faults.js';
import { runQuery } from './query-service.js';
import type { CompanyStore } from './store.js';
import { asArray, isJsonObject, type JsonObject } from './types.js';

/** Intuit's batch page: at most 30 operations in one request; one more is refused whole. */
export const DEFAULT_BATCH_MAX_ITEMS = 30;
/** Intuit's limits page: 40 batch requests a minute per realm and app (the simulator serves one app). */
export const DEFAULT_BATCH_PER_MINUTE = 40;

export function tooManyBatchItems(max: number): QboFault {
  return validationFault('1040', 'Number of items exceeds the limit', `The batch request holds more than the ${max} items allowed.`);
}

/**
 * POST /batch (§1.2): items run in order, each answering under its bId with the entity,
 * a QueryResponse or its own Fault; one failing item does not stop the others. What is wrong
 * with the request as a whole (no items, too many, a missing or repeated bId) refuses all of it
 * before any item runs.
 */
export function runBatch(store: CompanyStore, body: JsonObject, maxItems = DEFAULT_BATCH_MAX_ITEMS): JsonObject {
  const items = asArray(body.BatchItemRequest).filter(isJsonObject);
  if (items.length === 0) throw invalidRequest('BatchItemRequest');
  if (items.length > maxItems) throw tooManyBatchItems(maxItems);
  const seen = new Set<string>();
  for (const item of items) {
    const bId = typeof item.bId === 'string' ? item.bId : '';
    if (!bId) throw invalidRequest('bId: every batch item needs one');
    if (seen.has(bId)) throw invalidRequest(`bId: ${bId} is used twice`);
    seen.add(bId);
  }
  return { BatchItemResponse: items.map((item) => runItem(store, item)) };
}

function runItem(store: CompanyStore, item: JsonObject): JsonObject {
  const bId = String(item.bId);
  try {
    if (typeof item.Query === 'string') return { bId, QueryResponse: runQuery(store, item.Query) };
    const key = Object.keys(item).find((name) => canonicalEntity(name) === name && isJsonObject(item[name]));
    const payload = key === undefined ? undefined : item[key];
    if (key === undefined || !isJsonObject(payload)) throw invalidRequest('batch item has no entity');
    const operation = typeof item.operation === 'string' ? item.operation.toLowerCase() : 'create';
    if (operation === 'delete') return { bId, [key]: deleteEntity(store, key, payload) };
    return { bId, [key]: saveEntity(store, key, payload, operation) };
  } catch (error) {
    if (error instanceof QboFault && isJsonObject(error.body.Fault)) return { bId, Fault: error.body.Fault };
    throw error;
  }
}
