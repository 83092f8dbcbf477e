import { DAY_MS } from './clock.js';
import { canonicalEntity } from './entities.js';
import { queryValidationError, requiredParamMissing, validationFault } from './faults.js';
import type { CompanyStore } from './store.js';
import type { JsonObject } from './types.js';

const LOOKBACK_MS = 30 * DAY_MS;
const MAX_OBJECTS = 1000;

/**
 * Change Data Capture (§1.8): objects of the listed entities changed since a time no more than
 * 30 days back, deletions as minimal `status: "Deleted"` objects, at most 1,000 in all.
 */
export function changeDataCapture(store: CompanyStore, entitiesParam: string | undefined, changedSince: string | undefined, now: number): JsonObject {
  if (!entitiesParam) throw requiredParamMissing('entities');
  if (!changedSince) throw requiredParamMissing('changedSince');
  const since = Date.parse(changedSince);
  if (Number.isNaN(since)) throw validationFault('2010', 'Request has invalid or unsupported property', `changedSince is not a date-time: ${changedSince}`);
  if (since < now - LOOKBACK_MS) {
    throw validationFault('4001', 'Invalid query', 'changedSince must be within the last 30 days.');
  }
  let budget = MAX_OBJECTS;
  const responses = entitiesParam.split(',').map((name) => {
    const entity = canonicalEntity(name.trim());
    if (!entity) throw queryValidationError(`Invalid entity name: ${name}`);
    const changed: { at: number; row: JsonObject }[] = [];
    for (const row of store.list(entity)) {
      const at = Date.parse(row.MetaData.LastUpdatedTime);
      if (at >= since) changed.push({ at, row });
    }
    for (const tombstone of store.tombstones) {
      if (tombstone.entity !== entity) continue;
      const at = Date.parse(tombstone.deletedAt);
      if (at >= since) {
        changed.push({ at, row: { Id: tombstone.id, status: 'Deleted', domain: 'QBO', MetaData: { LastUpdatedTime: tombstone.deletedAt } } });
      }
    }
    const rows = changed
      .sort((a, b) => a.at - b.at)
      .slice(0, budget)
      .map((change) => change.row);
    budget -= rows.length;
    return rows.length === 0 ? {} : { [entity]: rows, startPosition: 1, maxResults: rows.length, totalCount: rows.length };
  });
  return { CDCResponse: [{ QueryResponse: responses }] };
}
