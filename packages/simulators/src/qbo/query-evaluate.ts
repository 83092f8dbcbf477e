import type { Condition, Literal, Query } from './query-language.js';
import { isJsonObject, type JsonObject, type JsonValue, type QboEntity } from './types.js';

type Scalar = string | number | boolean;

export interface QueryResult {
  rows: JsonObject[];
  totalCount: number;
}

/**
 * Runs a parsed query over one entity's rows. Like QBO, list entities hide inactive rows unless
 * the WHERE clause says something about Active, and rows come back in a stable order (by Id
 * unless ORDERBY says otherwise) so paging never skips or repeats.
 */
export function evaluateQuery(rows: readonly QboEntity[], query: Query, hasActiveFlag: boolean): QueryResult {
  const mentionsActive = query.where.some((condition) => condition.field.toLowerCase() === 'active');
  const matching = rows.filter((row) => (!hasActiveFlag || mentionsActive || row.Active !== false) && query.where.every((condition) => matches(row, condition)));
  if (query.count) return { rows: [], totalCount: matching.length };
  const sorted = matching.sort((a, b) => compareRows(a, b, query));
  const page = sorted.slice(query.startPosition - 1, query.startPosition - 1 + query.maxResults);
  return { rows: query.fields ? page.map((row) => project(row, query.fields ?? [])) : page, totalCount: matching.length };
}

/** Values at a dotted path; arrays fan out (AttachableRef.EntityRef.Value) and names match case-insensitively. */
export function resolvePath(value: JsonValue | undefined, path: readonly string[]): Scalar[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => resolvePath(item, path));
  if (path.length === 0) {
    if (isJsonObject(value)) return isScalar(value.value) ? [value.value] : [];
    return [value];
  }
  if (!isJsonObject(value)) return [];
  const [head = '', ...rest] = path;
  const key = Object.keys(value).find((candidate) => candidate.toLowerCase() === head.toLowerCase());
  return key === undefined ? [] : resolvePath(value[key], rest);
}

function isScalar(value: JsonValue | undefined): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function matches(row: QboEntity, condition: Condition): boolean {
  const values = resolvePath(row, condition.field.split('.'));
  return values.some((value) => test(value, condition));
}

function test(value: Scalar, condition: Condition): boolean {
  const { op } = condition;
  if (op === 'IN') return (condition.value as Literal[]).some((item) => compare(value, item) === 0);
  const literal = condition.value as Literal;
  if (op === 'LIKE') return likePattern(String(literal)).test(String(value));
  const order = compare(value, literal);
  if (Number.isNaN(order)) return false;
  switch (op) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '>=':
      return order >= 0;
  }
}

function likePattern(pattern: string): RegExp {
  const body = pattern
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'is');
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Compares a stored value with a literal the way QBO does: instants as instants, ids as numbers, text without case. */
export function compare(value: Scalar, literal: Scalar): number {
  if (typeof value === 'boolean' || typeof literal === 'boolean') {
    return String(value).toLowerCase() === String(literal).toLowerCase() ? 0 : Number.NaN;
  }
  if (typeof value === 'string' && typeof literal === 'string' && DATE_TIME.test(value) && DATE_TIME.test(literal)) {
    return Math.sign(Date.parse(value) - Date.parse(literal));
  }
  if (NUMERIC.test(String(value)) && NUMERIC.test(String(literal))) {
    return Math.sign(Number(value) - Number(literal));
  }
  const a = String(value).toLowerCase();
  const b = String(literal).toLowerCase();
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRows(a: QboEntity, b: QboEntity, query: Query): number {
  for (const { field, descending } of query.orderBy) {
    const left = resolvePath(a, field.split('.'))[0];
    const right = resolvePath(b, field.split('.'))[0];
    let order: number;
    if (left === undefined || right === undefined) order = left === right ? 0 : left === undefined ? 1 : -1;
    else order = compare(left, right) || 0;
    if (order !== 0) return descending ? -order : order;
  }
  return compare(a.Id, b.Id);
}

function project(row: QboEntity, fields: readonly string[]): JsonObject {
  const picked: JsonObject = { Id: row.Id };
  for (const field of fields) {
    const key = Object.keys(row).find((candidate) => candidate.toLowerCase() === field.toLowerCase());
    if (key !== undefined) picked[key] = row[key];
  }
  return { ...picked, domain: 'QBO', sparse: true };
}
