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
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
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
/** A megabyte of text: under the body limit, so it reaches validation. */
const MEGABYTE = 'x'.repeat(1_000_000);

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

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...edgeStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
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

/** A value that matches the schema well enough to reach the code behind it, using real ids where one is expected. */
const plausible = (schema: JsonSchema | undefined, ids: readonly number[], depth = 0): unknown => {
  if (!schema || depth > 6) return null;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return plausible(alt.find((s) => s.type !== 'null') ?? alt[0], ids, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return ids[depth % ids.length];
  if (type === 'boolean') return true;
  if (type === 'string') return schema.format === 'date' ? '2026-01-15' : schema.pattern?.includes('\\d{1,12}') ? '12.50' : 'Something';
  if (type === 'array') return [plausible(schema.items, ids, depth + 1)];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, ids, depth + 1)]));
  }
  return 'Something';
};

/** The plausible value with one place in it (or the whole) replaced by a nasty value, or left out. */
const mutate = (value: unknown, choice: number, replacement: unknown): unknown => {
  if (value === null || typeof value !== 'object') return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0 || choice % 7 === 0) return replacement;
  const key = keys[choice % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  if (choice % 5 === 0) delete copy[key];
  else copy[key] = mutate(copy[key], Math.floor(choice / 3), replacement);
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

const pathValue = (ids: readonly number[]) => fc.oneof(fc.constantFrom(...ids.map(String)), nastyString, nastyNumber.map(String));

/** An arbitrary of malformed requests for one operation. */
export const requestsFor = (op: Operation, ids: readonly number[]): fc.Arbitrary<FuzzRequest> => {
  const params = fc.tuple(...op.pathParams.map(() => pathValue(ids)));
  const query = fc.array(fc.tuple(fc.constantFrom(...op.query.map((q) => q.name), '__proto__', 'extra'), fc.oneof(nastyString, nastyNumber.map(String))), {
    maxLength: op.query.length > 0 ? 4 : 1,
  });
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.nat(), nastyValue).map(([choice, value]) => ({ json: mutate(plausible(op.body ?? undefined, ids), choice, value) })) },
    { weight: 2, arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ none: true }) },
    { weight: 1, arbitrary: fc.tuple(nastyString, nastyString).map(([name, content]) => ({ multipart: { name, content } })) },
  );
  return fc.tuple(params, query, body).map(([values, pairs, b]): FuzzRequest => {
    let path = op.path;
    op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, encodeLoose(values[i]!))));
    const search = pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
    const url = search ? `${path}?${search}` : path;
    if (op.method === 'GET' || op.method === 'DELETE' || 'none' in b) return { method: op.method, url, headers: {} };
    if ('multipart' in b) {
      const form = multipart({ note: b.multipart.content }, { name: b.multipart.name.replace(/["\r\n]/g, ''), bytes: Buffer.from(b.multipart.content), type: 'text/csv' });
      return { method: op.method, url, payload: form.body, headers: form.headers };
    }
    const payload = 'raw' in b ? b.raw : JSON.stringify(b.json ?? null);
    return { method: op.method, url, payload, headers: { 'content-type': 'application/json' } };
  });
};

/** What an answer must never show: a stack frame or a file of the server. */
export const leaks = (body: string): boolean => /\n\s+at |^\s+at |node_modules|\/(src|test|apps)\/[\w./-]+\.(ts|js|mjs)|file:\/\//m.test(body);
