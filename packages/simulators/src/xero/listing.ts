import { parseModifiedSince } from './dates.js';
import { badRequest } from './errors.js';
import { MAX_PAGE_SIZE, PAGE_SIZE, type EndpointSpec } from './endpoints.js';
import { toWire } from './serialize.js';
import type { OrgStore } from './store.js';
import type { JsonObject } from './types.js';
import { compileOrder, compileWhere, WhereSyntaxError } from './where-evaluate.js';

export type ListQuery = Record<string, string | undefined>;

export interface ListResult {
  items: JsonObject[];
  pagination?: { page: number; pageSize: number; pageCount: number; itemCount: number };
}

/**
 * GET on a collection: If-Modified-Since, the hidden-status switches, `IDs`/`Statuses`,
 * `DateFrom`/`DateTo`, `where`, `order`, then paging (the contract says which list takes which). Without `page` every match comes back, as Xero does for most endpoints.
 * The default order is creation order, which is what clients paging through a list rely on.
 */
export function listRecords(store: OrgStore, endpoint: EndpointSpec, query: ListQuery, modifiedSinceHeader?: string): ListResult {
  let records = store.list(endpoint.name);
  const since = endpoint.modifiedSince ? parseModifiedSince(modifiedSinceHeader) : undefined;
  // Xero compares to the second; a record stamped in the same second as the header is included.
  if (since !== undefined) records = records.filter((record) => record.updatedAt >= Math.floor(since / 1000) * 1000);
  if (endpoint.hiddenStatuses && query[endpoint.hiddenStatuses.param]?.toLowerCase() !== 'true') {
    const hidden = endpoint.hiddenStatuses.statuses;
    records = records.filter((record) => !hidden.includes(String(record.fields[endpoint.statusField])));
  }
  const ids = csv(query.IDs ?? query.ids);
  if (ids) records = records.filter((record) => ids.includes(record.id.toLowerCase()));
  const statuses = csv(query.Statuses ?? query.statuses);
  if (statuses) records = records.filter((record) => statuses.includes(String(record.fields[endpoint.statusField]).toLowerCase()));
  // Purchase orders and quotes take no `where`: their dates are filtered by DateFrom and DateTo (days, both ends included).
  const from = dayParam(query.DateFrom, 'DateFrom');
  const to = dayParam(query.DateTo, 'DateTo');
  if (from) records = records.filter((record) => String(record.fields.Date ?? '') >= from);
  if (to) records = records.filter((record) => String(record.fields.Date ?? '') <= to);

  let items = records.map((record) => toWire(endpoint, record, store));
  try {
    if (query.where?.trim()) items = items.filter(compileWhere(query.where));
    if (query.order?.trim()) items = [...items].sort(compileOrder(query.order));
  } catch (error) {
    if (error instanceof WhereSyntaxError) throw badRequest(error.message);
    throw error;
  }
  if (!endpoint.paged || query.page === undefined) return { items };
  return pageOf(endpoint, items, query);
}

function pageOf(endpoint: EndpointSpec, items: JsonObject[], query: ListQuery): ListResult {
  const page = positiveInt(query.page, 'page');
  const pageSize = query.pageSize === undefined ? PAGE_SIZE : Math.min(positiveInt(query.pageSize, 'pageSize'), MAX_PAGE_SIZE);
  const start = (page - 1) * pageSize;
  const rows = items.slice(start, start + pageSize);
  if (!endpoint.pagination) return { items: rows };
  return { items: rows, pagination: { page, pageSize, pageCount: Math.ceil(items.length / pageSize), itemCount: items.length } };
}

function dayParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw badRequest(`${name} must be a date written YYYY-MM-DD`);
  return value;
}

function positiveInt(value: string | undefined, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw badRequest(`${name} must be a whole number of 1 or more`);
  return number;
}

function csv(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  return value.split(',').map((part) => part.trim().toLowerCase());
}
