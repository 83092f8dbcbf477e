import { isoDay } from './dates.js';
import { requireEndpoint, type EndpointSpec } from './endpoints.js';
import { envelope } from './envelope.js';
import { postDataInvalid, validationException } from './errors.js';
import { prepareItem, type Prepared } from './prepare.js';
import { fromWire, toWire } from './serialize.js';
import type { OrgStore } from './store.js';
import { insertTransfer } from './transfers.js';
import { isJsonObject, type JsonObject, type XeroRecord } from './types.js';

export interface WriteRequest {
  method: 'PUT' | 'POST';
  body: unknown;
  /** `summarizeErrors=false`: answer 200 with per-item errors and keep the good items. */
  summarizeErrors: boolean;
  /** `POST /{Endpoint}/{id}`: the item updates that record. */
  pathId?: string;
  now: number;
}

interface Planned {
  item: JsonObject;
  existing?: XeroRecord;
  prepared: Prepared;
}

const CONTACTS = requireEndpoint('Contacts');

/** The items of a body: `{"Invoices":[…]}`, `{"Invoices":{…}}` or the bare object. */
function itemsOf(endpoint: EndpointSpec, body: unknown): JsonObject[] {
  if (!isJsonObject(body)) throw postDataInvalid('The request body must be a JSON object');
  const wrapped = body[endpoint.name];
  if (Array.isArray(wrapped)) return wrapped.map((item) => (isJsonObject(item) ? item : {}));
  if (isJsonObject(wrapped)) return [wrapped];
  return [body];
}

/**
 * PUT creates; POST creates, or updates the record whose ID the item carries (its LineItems
 * replaced when given, other fields merged). Every item is checked before anything is written:
 * with errors summarised, one bad item refuses the whole request with a ValidationException.
 */
export function writeItems(store: OrgStore, endpoint: EndpointSpec, request: WriteRequest): { status: number; body: JsonObject } {
  const today = isoDay(request.now);
  const plans: Planned[] = itemsOf(endpoint, request.body).map((raw) => {
    const item = fromWire(raw);
    const id = request.pathId ?? (typeof item[endpoint.idField] === 'string' ? String(item[endpoint.idField]) : undefined);
    const existing = id ? store.get(endpoint.name, id) : undefined;
    if (request.method === 'PUT' && existing) return { item, prepared: { fields: item, errors: [`PUT creates records; use POST to update ${existing.id}`] } };
    if (request.method === 'PUT' || !id) return { item, prepared: prepareItem(store, endpoint, stripId(endpoint, item), undefined, today) };
    if (!existing) return { item, prepared: { fields: item, errors: [`${endpoint.name} with ID ${id} could not be found`] } };
    return { item, existing, prepared: prepareItem(store, endpoint, { ...withoutDerived(existing.fields), ...item }, existing, today) };
  });

  const failed = plans.some((plan) => plan.prepared.errors.length > 0);
  if (failed && request.summarizeErrors) {
    throw validationException(plans.filter((plan) => plan.prepared.errors.length > 0).map((plan) => withErrors(store, endpoint, plan, request.now)));
  }
  const answers = plans.map((plan) => {
    if (plan.prepared.errors.length > 0) return withErrors(store, endpoint, plan, request.now);
    const record = commit(store, endpoint, plan);
    const wire = toWire(endpoint, record, store);
    return request.summarizeErrors ? wire : { ...wire, StatusAttributeString: 'OK', HasErrors: false };
  });
  return { status: 200, body: envelope(request.now, endpoint.name, answers) };
}

function commit(store: OrgStore, endpoint: EndpointSpec, { existing, prepared }: Planned): XeroRecord {
  if (prepared.newContact) store.insert(CONTACTS, prepared.newContact);
  if (existing) return store.replace(endpoint, existing.id, prepared.fields);
  if (endpoint.name === 'BankTransfers') return insertTransfer(store, prepared.fields);
  return store.insert(endpoint, prepared.fields);
}

/** The submitted object as Xero echoes it back, with its ValidationErrors. */
function withErrors(store: OrgStore, endpoint: EndpointSpec, plan: Planned, now: number): JsonObject {
  const draft: XeroRecord = { id: String(plan.item[endpoint.idField] ?? ''), fields: plan.prepared.fields, createdAt: now, updatedAt: now };
  const { UpdatedDateUTC: _stamp, ...wire } = toWire(endpoint, draft, store);
  return { ...wire, StatusAttributeString: 'ERROR', HasErrors: true, ValidationErrors: plan.prepared.errors.map((Message) => ({ Message })) };
}

/** A PUT item's own ID is ignored: the server assigns ids. */
function stripId(endpoint: EndpointSpec, item: JsonObject): JsonObject {
  const { [endpoint.idField]: _id, ...rest } = item;
  return rest;
}

/** Totals are worked out again from the lines; only totals the client sends now are checked against them. */
function withoutDerived(fields: JsonObject): JsonObject {
  const { SubTotal: _sub, TotalTax: _tax, Total: _total, AmountDue: _due, ...rest } = fields;
  return rest;
}
