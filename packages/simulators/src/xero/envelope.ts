import type { JsonObject } from './types.js';

/**
 * Every Accounting API JSON answer is an object holding the records under their endpoint's name,
 * and nothing else the contract does not name: a list Xero pages (`page` is one of its parameters
 * and its answer schema has `pagination`) adds the `pagination` element.
 */
export function envelope(key: string, items: JsonObject[], extra: JsonObject = {}): JsonObject {
  return { ...extra, [key]: items };
}
