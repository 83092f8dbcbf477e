import { badValue } from './errors.js';
import type { JsonObject, JsonValue } from './types.js';

/** The `$filter` subset §4 lists: eq, ge/le/gt/lt, contains(), in, and. */
export type FilterExpr =
  | { kind: 'and'; parts: FilterExpr[] }
  | { kind: 'compare'; field: string; op: 'eq' | 'ne' | 'ge' | 'le' | 'gt' | 'lt'; value: JsonValue }
  | { kind: 'contains'; field: string; value: string }
  | { kind: 'in'; field: string; values: JsonValue[] };

const TOKEN = /\s*(?:('(?:[^']|'')*')|(\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?)|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w]*)|([(),]))/y;

type Token = { type: 'string' | 'date' | 'number' | 'word' | 'punct'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw badValue(`The query specified in the URI is not valid: unexpected text at position ${String(at)} of $filter.`);
    const [, str, date, num, word, punct] = match;
    if (str !== undefined) tokens.push({ type: 'string', text: str.slice(1, -1).replace(/''/g, "'") });
    else if (date !== undefined) tokens.push({ type: 'date', text: date });
    else if (num !== undefined) tokens.push({ type: 'number', text: num });
    else if (word !== undefined) tokens.push({ type: 'word', text: word });
    else tokens.push({ type: 'punct', text: punct ?? '' });
  }
  return tokens;
}

/** Parses `$filter`, refusing fields the endpoint does not filter on (Karbon answers 400 for those). */
export function parseFilter(text: string, filterable: readonly string[]): FilterExpr {
  const tokens = tokenize(text);
  let i = 0;
  const fail = (why: string) => badValue(`The query specified in the URI is not valid: ${why}.`);
  const peek = () => tokens[i];
  const next = () => {
    const token = tokens[i++];
    if (!token) throw fail('$filter ends too early');
    return token;
  };
  const expect = (text: string) => {
    if (next().text !== text) throw fail(`expected '${text}' in $filter`);
  };
  const field = (name: string): string => {
    const found = filterable.find((f) => f.toLowerCase() === name.toLowerCase());
    if (!found) throw fail(`the property '${name}' cannot be used in the $filter query option`);
    return found;
  };
  const literal = (): JsonValue => {
    const token = next();
    if (token.type === 'string' || token.type === 'date') return token.text;
    if (token.type === 'number') return Number(token.text);
    if (token.type === 'word' && token.text === 'null') return null;
    if (token.type === 'word' && (token.text === 'true' || token.text === 'false')) return token.text === 'true';
    throw fail(`'${token.text}' is not a literal`);
  };
  const term = (): FilterExpr => {
    const token = next();
    if (token.text === '(') {
      const inner = expr();
      expect(')');
      return inner;
    }
    if (token.type !== 'word') throw fail(`unexpected '${token.text}'`);
    if (token.text.toLowerCase() === 'contains' && peek()?.text === '(') {
      expect('(');
      const name = field(next().text);
      expect(',');
      const value = literal();
      expect(')');
      if (typeof value !== 'string') throw fail('contains() takes a string');
      return { kind: 'contains', field: name, value };
    }
    const name = field(token.text);
    const op = next().text.toLowerCase();
    if (op === 'in') {
      expect('(');
      const values = [literal()];
      while (peek()?.text === ',') {
        i++;
        values.push(literal());
      }
      expect(')');
      return { kind: 'in', field: name, values };
    }
    if (op !== 'eq' && op !== 'ne' && op !== 'ge' && op !== 'le' && op !== 'gt' && op !== 'lt') throw fail(`unknown operator '${op}'`);
    return { kind: 'compare', field: name, op, value: literal() };
  };
  const expr = (): FilterExpr => {
    const parts = [term()];
    while (peek()?.type === 'word' && peek()?.text.toLowerCase() === 'and') {
      i++;
      parts.push(term());
    }
    return parts.length === 1 ? (parts[0] as FilterExpr) : { kind: 'and', parts };
  };
  const result = expr();
  if (i < tokens.length) throw fail(`unexpected '${tokens[i]?.text ?? ''}' (only 'and' joins conditions)`);
  return result;
}

const ISO = /^\d{4}-\d{2}-\d{2}/;

/** Orders two values: instants when both are dates, else numbers, else strings without case. */
export function compareValues(a: JsonValue | undefined, b: JsonValue | undefined): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'string' && typeof b === 'string' && ISO.test(a) && ISO.test(b)) return Date.parse(a) - Date.parse(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).toLowerCase().localeCompare(String(b).toLowerCase());
}

/** String equality ignores case, as Karbon's SQL-backed OData does for emails and names. */
const equal = (a: JsonValue | undefined, b: JsonValue) => (a ?? null) === b || (a !== null && a !== undefined && b !== null && compareValues(a, b) === 0);

export function matches(expr: FilterExpr, record: JsonObject): boolean {
  switch (expr.kind) {
    case 'and':
      return expr.parts.every((part) => matches(part, record));
    case 'contains':
      return String(record[expr.field] ?? '')
        .toLowerCase()
        .includes(expr.value.toLowerCase());
    case 'in':
      return expr.values.some((value) => equal(record[expr.field], value));
    case 'compare': {
      const actual = record[expr.field];
      if (expr.op === 'eq') return equal(actual, expr.value);
      if (expr.op === 'ne') return !equal(actual, expr.value);
      if (actual === null || actual === undefined || expr.value === null) return false;
      const order = compareValues(actual, expr.value);
      return expr.op === 'ge' ? order >= 0 : expr.op === 'le' ? order <= 0 : expr.op === 'gt' ? order > 0 : order < 0;
    }
  }
}
