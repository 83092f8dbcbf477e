import type { FastifyRequest } from 'fastify';
import { badValue } from './errors.js';
import { compareValues, matches, parseFilter } from './odata-filter.js';
import type { JsonObject } from './types.js';

/** §4: `$top` is capped at 100 without complaint. */
export const MAX_TOP = 100;

export interface ListSpec {
  /** The entity set name in `@odata.context`, e.g. `Organizations`. */
  entitySet: string;
  filterable: readonly string[];
  sortable: readonly string[];
  /** How a stored record shows in the list (the reference's summary shape); as stored when omitted. */
  view?: (record: JsonObject) => JsonObject;
}

const nonNegative = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw badValue(`The query specified in the URI is not valid: ${name} must be a non-negative integer.`);
  return Number(raw);
};

/**
 * A list endpoint's answer: `$filter`, `$orderby`, `$skip`, `$top`, in Karbon's envelope. When
 * more rows remain, `@odata.nextLink` is this request's own absolute URL with `$skip` moved on
 * (and `$top` kept), so a client following it as-is walks every page; it also works under a prefix.
 */
export function listResponse(request: FastifyRequest, rows: JsonObject[], spec: ListSpec): JsonObject {
  const query = request.query as Record<string, string | undefined>;
  const filter = query.$filter ? parseFilter(query.$filter, spec.filterable) : undefined;
  let result = filter ? rows.filter((row) => matches(filter, row)) : [...rows];
  if (query.$orderby) result = sortRows(result, query.$orderby, spec.sortable);
  const skip = nonNegative('$skip', query.$skip) ?? 0;
  const top = Math.min(nonNegative('$top', query.$top) ?? MAX_TOP, MAX_TOP);
  const page = result.slice(skip, skip + top);
  const base = `${request.protocol}://${request.host}`;
  const body: JsonObject = { '@odata.context': metadataUrl(request, spec.entitySet), '@odata.count': result.length };
  if (skip + top < result.length) {
    const next = new URL(request.url, base);
    next.searchParams.set('$skip', String(skip + top));
    next.searchParams.set('$top', String(top));
    body['@odata.nextLink'] = next.toString();
  }
  body.value = spec.view ? page.map(spec.view) : page;
  return body;
}

/** `@odata.context` of an answer: the API's `$metadata` on the address the request came to (a prefix included). */
export function metadataUrl(request: FastifyRequest, fragment: string): string {
  return `${request.protocol}://${request.host}${request.url.split(/\/v3\//i)[0] ?? ''}/v3/$metadata#${fragment}`;
}

/** A record's fields among `fields` that hold a value: the reference types most of them as non-null, so an empty one is left out. */
export function present(record: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(fields.flatMap((field) => (record[field] === undefined || record[field] === null ? [] : [[field, record[field]]])));
}

function sortRows(rows: JsonObject[], orderby: string, sortable: readonly string[]): JsonObject[] {
  const keys = orderby.split(',').map((part) => {
    const [name = '', direction = 'asc', extra] = part.trim().split(/\s+/);
    const field = sortable.find((f) => f.toLowerCase() === name.toLowerCase());
    if (!field || extra !== undefined || !/^(asc|desc)$/i.test(direction)) {
      throw badValue(`The query specified in the URI is not valid: cannot order by '${part.trim()}'.`);
    }
    return { field, sign: direction.toLowerCase() === 'desc' ? -1 : 1 };
  });
  // Array.prototype.sort is stable, so ties keep the default (insertion) order.
  return [...rows].sort((a, b) => {
    for (const { field, sign } of keys) {
      const order = compareValues(a[field], b[field]);
      if (order !== 0) return sign * order;
    }
    return 0;
  });
}
