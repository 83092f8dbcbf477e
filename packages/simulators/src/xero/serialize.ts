import { dayMs, msDate, parseDay } from './dates.js';
import type { EndpointSpec } from './endpoints.js';
import { fromCents, MONEY_FIELDS, toCents } from './money.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject, type JsonValue, type XeroRecord } from './types.js';

/**
 * Calendar-date fields: stored as YYYY-MM-DD, sent as `/Date(…)/` (midnight UTC). Xero's answers are
 * often seen with a `…String` twin (`DateString`), but its contract defines none, so none is sent
 * and a client must read the day from the date itself; a twin a client echoes back is ignored.
 */
const DATE_FIELDS = new Set(['Date', 'DueDate', 'ExpiryDate', 'DeliveryDate', 'FullyPaidOnDate', 'StartDate', 'EndDate', 'NextScheduledDate']);

/** Which stored forms travel differently: cents become amounts and days become Xero dates. */
function outward(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (MONEY_FIELDS.has(key) && typeof value === 'number') return fromCents(value);
  if (DATE_FIELDS.has(key) && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return msDate(dayMs(value));
  if (Array.isArray(value)) return value.map((item) => outward(item, '') ?? null);
  if (isJsonObject(value)) return mapObject(value, outward, true);
  return value;
}

/** Incoming amounts to cents and dates to days; anything unreadable is left for validation to name. */
function inward(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (MONEY_FIELDS.has(key)) return toCents(value) ?? value;
  if (DATE_FIELDS.has(key)) return parseDay(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => inward(item, '') ?? null);
  if (isJsonObject(value)) return mapObject(value, inward, false);
  return value;
}

function mapObject(object: JsonObject, convert: typeof outward, sending: boolean): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    // Clients echo back the `…String` twins and read-only stamps; the stored day is the truth.
    if (!sending && (STAMPS.has(key) || (key.endsWith('String') && DATE_FIELDS.has(key.slice(0, -6))))) continue;
    // Xero leaves a field out when it has no value; its contract gives none of them a null.
    if (sending && value === null) continue;
    result[key] = convert(value, key);
  }
  return result;
}

/** A body item as the store keeps it (cents, YYYY-MM-DD). */
export function fromWire(item: JsonObject): JsonObject {
  return mapObject(item, inward, false);
}

/** The read-only stamps Xero sets; which one an endpoint's records carry is its `stamp`. */
const STAMPS = new Set(['UpdatedDateUTC', 'CreatedDateUTC']);

const cache = new WeakMap<XeroRecord, JsonObject>();

/** A record as the API returns it. Records are immutable, so the answer is cached per object. */
export function toWire(endpoint: EndpointSpec, record: XeroRecord, store: OrgStore): JsonObject {
  let wire = cache.get(record);
  if (!wire) {
    wire = mapObject(record.fields, outward, true);
    if (endpoint.stamp === 'UpdatedDateUTC') wire.UpdatedDateUTC = msDate(record.updatedAt);
    if (endpoint.stamp === 'CreatedDateUTC') wire.CreatedDateUTC = msDate(record.createdAt);
    cache.set(record, wire);
  }
  if (!endpoint.attachments || endpoint.flagsAttachments === false) return wire;
  return { ...wire, HasAttachments: (store.attachments.get(`${endpoint.name}/${record.id}`)?.length ?? 0) > 0 };
}
