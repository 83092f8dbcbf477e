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

/** The items of a body: a list under the endpoint's name (`{"Invoices":[…]}`), or the one object where the contract sends it bare. */
function itemsOf(endpoint: EndpointSpec, method: 'PUT' | 'POST', body: unknown): JsonObject[] {
  if (endpoint.bareBody?.includes(method)) {
    if (!isJsonObject(body)) throw postDataInvalid(`The request body must be one ${endpoint.name} object`);
    return [body];
  }
  const wrapped = isJsonObject(body) ? body[endpoint.name] : undefined;
  if (!Array.isArray(wrapped)) throw postDataInvalid(`The request body must be {"${endpoint.name}": [ … ]}`);
  return wrapped.map((item) => (isJsonObject(item) ? item : {}));
}

/**
 * PUT creates; POST creates, or updates the record whose ID the item carries (its LineItems
 * replaced when given, other fields merged). Every item is checked before anything is written:
 * with errors summarised, one bad item refuses the whole request with a ValidationException.
 */
export function writeItems(store: OrgStore, endpoint: EndpointSpec, request: WriteRequest): { status: number; body: JsonObject } {
  const today = isoDay(request.now);
  const plans: Planned[] = itemsOf(endpoint, request.method, request.body).map((raw) => {
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
    throw validationException(plans.filter((plan) => plan.prepared.errors.length > 0).map((plan) => elementOf(endpoint, plan)));
  }
  const answers = plans.map((plan) => {
    if (plan.prepared.errors.length > 0) return withErrors(store, endpoint, plan, request.now);
    const record = commit(store, endpoint, plan);
    const wire = toWire(endpoint, record, store);
    return request.summarizeErrors ? wire : { ...wire, ...outcome(endpoint, false) };
  });
  return { status: 200, body: envelope(endpoint.name, answers) };
}

function commit(store: OrgStore, endpoint: EndpointSpec, { existing, prepared }: Planned): XeroRecord {
  if (prepared.newContact) store.insert(CONTACTS, prepared.newContact);
  if (existing) return store.replace(endpoint, existing.id, prepared.fields);
  if (endpoint.name === 'BankTransfers') return insertTransfer(store, prepared.fields);
  return store.insert(endpoint, prepared.fields);
}

/** The ids an element of a refusal may carry: the contract's `Element` defines these and no other field of the object. */
const ELEMENT_IDS = new Set(['BankTransactionID', 'ContactID', 'InvoiceID', 'ItemID', 'PurchaseOrderID']);

/** One refused object in a summarised 400: its ValidationErrors, and its id when it had one the contract's Element names. */
function elementOf(endpoint: EndpointSpec, plan: Planned): JsonObject {
  const id = plan.existing?.id ?? plan.item[endpoint.idField];
  return {
    ...(ELEMENT_IDS.has(endpoint.idField) && typeof id === 'string' && id !== '' ? { [endpoint.idField]: id } : {}),
    ValidationErrors: plan.prepared.errors.map((Message) => ({ Message })),
  };
}

/** How an item of a `summarizeErrors=false` answer says it failed, in the fields its schema has for it. */
function outcome(endpoint: EndpointSpec, failed: boolean): JsonObject {
  return {
    ...(endpoint.outcomeFields.includes('StatusAttributeString') ? { StatusAttributeString: failed ? 'ERROR' : 'OK' } : {}),
    ...(endpoint.outcomeFields.includes('HasErrors') ? { HasErrors: failed } : {}),
  };
}

/** The submitted object as Xero echoes it back in a 200, with its ValidationErrors. */
function withErrors(store: OrgStore, endpoint: EndpointSpec, plan: Planned, now: number): JsonObject {
  const draft: XeroRecord = { id: String(plan.item[endpoint.idField] ?? ''), fields: plan.prepared.fields, createdAt: now, updatedAt: now };
  const { UpdatedDateUTC: _updated, CreatedDateUTC: _created, ...wire } = toWire(endpoint, draft, store);
  return { ...wire, ...outcome(endpoint, true), ValidationErrors: plan.prepared.errors.map((Message) => ({ Message })) };
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
