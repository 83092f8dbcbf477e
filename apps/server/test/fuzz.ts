import fc from 'fast-check';
import { multipart } from './multipart.js';

/**
 * Malformed requests generated from the OpenAPI document: every operation's
 * path, query and body filled with values a careless or hostile caller sends.
 * fast-check draws them from a fixed seed, so a run is the same every time.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: JsonSchema | boolean;
}

export interface Operation {
  method: Method;
  /** OpenAPI form: `/api/v1/x/{pk}/`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}

export const operationsOf = (doc: unknown): Operation[] =>
  Object.entries((doc as OpenApiDocument).paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );

const INT4_MAX = 2_147_483_647;
/** A megabyte of text: under the body limit, so it reaches validation (sent in a few bodies only: it costs time). */
const MEGABYTE = 'x'.repeat(1_000_000);
const LONG = 'y'.repeat(10_000);

const edgeNumbers = [0, -1, -0.5, 1.5, INT4_MAX, INT4_MAX + 1, 999_999_999_999, 2 ** 53, -(2 ** 53), 1e308, -1e308, 1e-7];
const edgeStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '999999999999',
  '99999999999999999999999',
  '1e400',
  'NaN',
  'Infinity',
  '0x10',
  'abc',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '🐄🐄',
  '\u202egnp.exe',
  'e\u0301',
  '\ufeff',
  '\u2028',
  '١٢٣',
  "'; DROP TABLE users; --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '2026-02-30',
  '99999-12-31',
  '-999999999999.99',
  '9999999999999.99',
];

/** What PostgreSQL cannot store or the drivers mangle: drawn often, so that some reach a write with the rest of the body valid. */
const poison = fc.constantFrom('Acme\u0000Corp', '\u0000', 'Acme \ud800', 'x\udc00y', '\ud83d');
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: poison },
  { weight: 6, arbitrary: fc.constantFrom(...edgeStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constant(LONG) },
);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(...edgeNumbers), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

const deeply = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { a: deeply(levels - 1, leaf) });
const nastyScalar: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: nastyString }, { weight: 3, arbitrary: nastyNumber }, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyScalar },
  fc.array(nastyScalar, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyScalar, { maxKeys: 3 }),
  fc.constant(deeply(400, 'x')),
  fc.constant([[[[[[[[[[[]]]]]]]]]]]),
);

/** A string the schema accepts, as far as its format, pattern and length say. */
const plausibleText = (schema: JsonSchema): string => {
  const pattern = schema.pattern ?? '';
  if (schema.format === 'email' || pattern.includes('@')) return 'fuzz@example.com';
  if (schema.format === 'date-time' || pattern.includes('T(?:')) return '2026-01-15T10:00:00Z';
  if (schema.format === 'date' || pattern.includes('-02-29')) return '2026-01-15';
  if (pattern.includes('\\d{1,12}')) return '12.50';
  if (pattern.includes('0-9a-fA-F')) return '#336699';
  if (pattern.includes('\\+?')) return '+1 555 0100';
  const text = 'Something fine to say'.padEnd(schema.minLength ?? 0, '!');
  return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
};

/** A value that matches the schema well enough to reach the code behind it, using real ids where one is expected. */
const plausible = (schema: JsonSchema | undefined, ids: readonly number[], depth = 0): unknown => {
  if (!schema || depth > 6) return null;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return plausible(alt.find((s) => s.type !== 'null') ?? alt[0], ids, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  // A bounded number (an interval, a limit) gets its smallest value; an unbounded one is an id.
  if (type === 'integer' || type === 'number')
    return schema.maximum !== undefined && schema.maximum < 2 ** 31 ? Math.max(schema.minimum ?? 1, 1) : ids[depth % ids.length];
  if (type === 'boolean') return true;
  if (type === 'string') return plausibleText(schema);
  if (type === 'array') return [plausible(schema.items, ids, depth + 1)];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, ids, depth + 1)]));
  }
  return 'Something';
};

/** What replaces one place of a plausible body: often a value of the same type (so the rest still passes and it reaches the service), else anything. */
interface Replacement {
  choice: number;
  sameType: boolean;
  text: string;
  number: number;
  any: unknown;
}
const replacements: fc.Arbitrary<Replacement> = fc.record({ choice: fc.nat(), sameType: fc.boolean(), text: nastyString, number: nastyNumber, any: nastyValue });

/** The plausible value with one place in it (or the whole) replaced, or left out. */
const mutate = (value: unknown, r: Replacement, choice = r.choice): unknown => {
  if (value === null || typeof value !== 'object') {
    if (r.sameType && typeof value === 'string') return r.text;
    if (r.sameType && typeof value === 'number') return r.number;
    return r.any;
  }
  const keys = Object.keys(value);
  if (keys.length === 0 || choice % 11 === 0) return r.any;
  const key = keys[choice % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  if (choice % 7 === 0) delete copy[key];
  else copy[key] = mutate(copy[key], r, Math.floor(choice / keys.length));
  return copy;
};

/** Bodies that are not JSON objects at all, or are objects a parser must be careful with (sent as raw text). */
const rawBodies = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify(deeply(2000, 1)),
  `{"name":"${MEGABYTE}"}`,
];

/** Ways a multipart body arrives broken: as sent, with no boundary, another boundary, or cut short. */
const MULTIPART_DAMAGE = ['none', 'no boundary', 'other boundary', 'truncated'] as const;

const damaged = (form: { body: Buffer; headers: { 'content-type': string } }, damage: (typeof MULTIPART_DAMAGE)[number]) => {
  if (damage === 'no boundary') return { payload: form.body, headers: { 'content-type': 'multipart/form-data' } };
  if (damage === 'other boundary') return { payload: form.body, headers: { 'content-type': 'multipart/form-data; boundary=elsewhere' } };
  if (damage === 'truncated') return { payload: form.body.subarray(0, Math.floor(form.body.length / 2)), headers: form.headers };
  return { payload: form.body, headers: form.headers };
};

export interface FuzzRequest {
  method: Method;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** Percent-encodes any text, lone surrogates included (as the bytes a careless encoder would write). */
const encodeLoose = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');

const pathValue = (ids: readonly number[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids.map(String)) }, { weight: 2, arbitrary: nastyString }, { weight: 1, arbitrary: nastyNumber.map(String) });

/** An arbitrary of malformed requests for one operation. */
export const requestsFor = (op: Operation, ids: readonly number[]): fc.Arbitrary<FuzzRequest> => {
  const params = fc.tuple(...op.pathParams.map(() => pathValue(ids)));
  const query = fc.array(fc.tuple(fc.constantFrom(...op.query.map((q) => q.name), '__proto__', 'extra'), fc.oneof(nastyString, nastyNumber.map(String))), {
    maxLength: op.query.length > 0 ? 4 : 1,
  });
  const body = fc.oneof(
    { weight: 6, arbitrary: replacements.map((r) => ({ json: mutate(plausible(op.body ?? undefined, ids), r) })) },
    { weight: 2, arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ none: true }) },
    {
      weight: 1,
      arbitrary: fc.tuple(nastyString, nastyString, fc.constantFrom(...MULTIPART_DAMAGE)).map(([name, content, damage]) => ({ multipart: { name, content, damage } })),
    },
  );
  return fc.tuple(params, query, body).map(([values, pairs, b]): FuzzRequest => {
    let path = op.path;
    op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, encodeLoose(values[i]!))));
    const search = pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
    const url = search ? `${path}?${search}` : path;
    if (op.method === 'GET' || op.method === 'DELETE' || 'none' in b) return { method: op.method, url, headers: {} };
    if ('multipart' in b) {
      const form = multipart(
        { note: b.multipart.content },
        { name: b.multipart.name.replace(/["\r\n]/g, ''), bytes: Buffer.from(b.multipart.content), type: 'text/csv' },
      );
      return { method: op.method, url, ...damaged(form, b.multipart.damage) };
    }
    const payload = 'raw' in b ? b.raw : JSON.stringify(b.json ?? null);
    return { method: op.method, url, payload, headers: { 'content-type': 'application/json' } };
  });
};

/** What an answer must never show: a stack frame or a file of the server. */
export const leaks = (body: string): boolean => /\n\s+at |^\s+at |node_modules|\/(src|test|apps)\/[\w./-]+\.(ts|js|mjs)|file:\/\//m.test(body);
