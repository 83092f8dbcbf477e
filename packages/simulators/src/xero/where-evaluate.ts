import { isJsonObject, type JsonObject, type JsonValue } from './types.js';
import { parseWhere, WhereSyntaxError, type CompareOp, type Literal, type Operand, type WhereExpr } from './where-parse.js';

type Comparable = string | number | boolean | null | undefined;

/** Reads a dotted path (`Contact.Name`) off a record as the API returns it. */
function read(record: JsonObject, path: string[]): JsonValue | undefined {
  let value: JsonValue | undefined = record;
  for (const key of path) {
    if (!isJsonObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** `/Date(…)/` stamps compare as instants; GUIDs and strings compare case-insensitively. */
function comparable(value: JsonValue | Literal | undefined): Comparable {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value)?.[1];
    return ms === undefined ? value.toLowerCase() : Number(ms);
  }
  if ('dateMs' in value && typeof value.dateMs === 'number') return value.dateMs;
  if ('guid' in value && typeof value.guid === 'string') return value.guid;
  return undefined;
}

function operand(record: JsonObject, side: Operand): Comparable {
  return comparable(side.kind === 'path' ? read(record, side.path) : side.value);
}

function compare(op: CompareOp, left: Comparable, right: Comparable): boolean {
  if (op === '==') return (left ?? null) === (right ?? null);
  if (op === '!=') return (left ?? null) !== (right ?? null);
  if (left === null || left === undefined || right === null || right === undefined || typeof left !== typeof right) return false;
  if (op === '>') return left > right;
  if (op === '>=') return left >= right;
  if (op === '<') return left < right;
  return left <= right;
}

function evaluate(expr: WhereExpr, record: JsonObject): boolean {
  switch (expr.kind) {
    case 'and':
      return evaluate(expr.left, record) && evaluate(expr.right, record);
    case 'or':
      return evaluate(expr.left, record) || evaluate(expr.right, record);
    case 'not':
      return !evaluate(expr.expr, record);
    case 'compare':
      return compare(expr.op, operand(record, expr.left), operand(record, expr.right));
    case 'truthy':
      return read(record, expr.path) === true;
    case 'method': {
      const value = read(record, expr.path);
      if (typeof value !== 'string') return false;
      const [text, arg] = [value.toLowerCase(), expr.arg.toLowerCase()];
      if (expr.method === 'Contains') return text.includes(arg);
      return expr.method === 'StartsWith' ? text.startsWith(arg) : text.endsWith(arg);
    }
  }
}

/** A predicate for `where=`; throws WhereSyntaxError on a clause it cannot read. */
export function compileWhere(source: string): (record: JsonObject) => boolean {
  const expr = parseWhere(source);
  return (record) => evaluate(expr, record);
}

/**
 * `order=Date DESC, Reference` (ascending unless DESC). Missing values sort first, as SQL's
 * NULLs do in ascending order.
 */
export function compileOrder(source: string): (a: JsonObject, b: JsonObject) => number {
  const keys = source
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([A-Za-z_][\w.]*)(?:\s+(ASC|DESC))?$/i.exec(part);
      if (!match?.[1]) throw new WhereSyntaxError(`Cannot order by '${part}'`);
      return { path: match[1].split('.'), descending: match[2]?.toUpperCase() === 'DESC' };
    });
  return (a, b) => {
    for (const { path, descending } of keys) {
      const [x, y] = [comparable(read(a, path)), comparable(read(b, path))];
      if (x === y) continue;
      const order = x === null || x === undefined ? -1 : y === null || y === undefined ? 1 : x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return 0;
  };
}

export { WhereSyntaxError };
