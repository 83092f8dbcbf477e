import { canonicalEntity, hasActiveFlag } from './entities.js';
import { queryValidationError } from './faults.js';
import { evaluateQuery } from './query-evaluate.js';
import { parseQuery } from './query-language.js';
import type { CompanyStore } from './store.js';
import type { JsonObject } from './types.js';

/**
 * Runs a statement and shapes QBO's QueryResponse: the entity key only when rows came back,
 * startPosition/maxResults describing the page returned, totalCount only for count(*).
 */
export function runQuery(store: CompanyStore, statement: string): JsonObject {
  const query = parseQuery(statement);
  const entity = canonicalEntity(query.entity);
  if (!entity) throw queryValidationError(`Invalid entity name: ${query.entity}`);
  const result = evaluateQuery(store.list(entity), query, hasActiveFlag(entity));
  if (query.count) return { totalCount: result.totalCount };
  if (result.rows.length === 0) return {};
  return { [entity]: result.rows, startPosition: query.startPosition, maxResults: result.rows.length };
}
