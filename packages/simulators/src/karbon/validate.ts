import { badValue, missingData } from './errors.js';
import type { JsonObject, JsonValue } from './types.js';

/** The request body as an object, or 400 4002 (the OpenAPI's "model cannot be null"). */
export function bodyObject(body: unknown, entity: string): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badValue(`${entity} model cannot be null.`);
  return body as JsonObject;
}

/** Each named field must be a non-empty string, else 400 4005 naming the missing ones. */
export function requireStrings(body: JsonObject, fields: readonly string[]): void {
  const missing = fields.filter((field) => typeof body[field] !== 'string' || (body[field] as string).trim() === '');
  if (missing.length > 0) throw missingData(missing.join(', '));
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with a zone, as the OpenAPI's `format: date-time` asks. */
export function isDateTime(value: JsonValue | undefined): boolean {
  return typeof value === 'string' && ISO_DATETIME.test(value) && !Number.isNaN(Date.parse(value));
}

export function requireDateTime(body: JsonObject, field: string, optional: boolean): void {
  const value = body[field];
  if (optional && (value === undefined || value === null)) return;
  if (!isDateTime(value)) throw badValue(`${field} must be an ISO 8601 date-time, e.g. 2026-03-31T00:00:00Z.`);
}

/** Only these fields may be written; anything else is 400 rather than silently dropped. */
export function onlyFields(body: JsonObject, allowed: readonly string[], what: string): void {
  const extra = Object.keys(body).filter((field) => !allowed.includes(field));
  if (extra.length > 0) throw badValue(`${what} does not accept: ${extra.join(', ')}.`);
}
