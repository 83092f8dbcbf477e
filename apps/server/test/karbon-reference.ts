import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Karbon's published API reference, as kept in the simulators' contracts (see their README). */
const REFERENCE = JSON.parse(readFileSync(new URL('../../../packages/simulators/contracts/karbon/KarbonAPI.json', import.meta.url), 'utf8')) as Json;

const resolve = (node: unknown): Json => {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 10; depth++) {
    let target: unknown = REFERENCE;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
    current = target;
  }
  return isObject(current) ? current : {};
};

/**
 * An answer assembled from the examples the reference gives its schema's fields, for an operation
 * whose answer has no example of its own (the lists, a work item's creation, a file list): each
 * field its example, `allOf` merged, a list with one item.
 */
function fromFieldExamples(node: unknown, depth = 0): unknown {
  const schema = resolve(node);
  if ('example' in schema) return schema.example;
  if (depth > 12) return undefined;
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((branch) => fromFieldExamples(branch, depth + 1) ?? {}));
  const choice = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(choice)) return fromFieldExamples(choice[0], depth + 1);
  if (isObject(schema.properties)) {
    const entries = Object.entries(schema.properties).map(([name, property]) => [name, fromFieldExamples(property, depth + 1)] as const);
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }
  if (schema.type === 'array') {
    const item = fromFieldExamples(schema.items, depth + 1);
    return item === undefined ? [] : [item];
  }
  return undefined;
}

/**
 * What Karbon's reference documents as the successful answer of an operation (`GET`,
 * `/v3/TenantSettings`, as the reference names its path): the answer's own `example` (or first of
 * its `examples`) when it has one, else the answer its fields' examples make.
 */
export function documentedKarbonAnswer(method: string, path: string): { status: number; body: unknown } {
  const operation = resolve((resolve((REFERENCE.paths as Json)[path]) as Json)[method.toLowerCase()]);
  const [status, response] = Object.entries((operation.responses ?? {}) as Json).find(([code]) => code.startsWith('2')) ?? [];
  if (!status) throw new Error(`${method} ${path} has no successful answer in Karbon's reference`);
  const content = resolve(resolve(resolve(response).content)['application/json']);
  if (!isObject(content.schema)) return { status: Number(status), body: undefined };
  if ('example' in content) return { status: Number(status), body: content.example };
  if (isObject(content.examples)) return { status: Number(status), body: resolve(Object.values(content.examples)[0]).value };
  return { status: Number(status), body: fromFieldExamples(content.schema) };
}

/** The operations Herd calls, by method and the reference's path, with how a request's path is recognised. */
const OPERATIONS: [method: string, path: string, pattern: RegExp][] = [
  ['GET', '/v3/TenantSettings', /^\/v3\/TenantSettings$/],
  ['GET', '/v3/Users', /^\/v3\/Users$/],
  ['GET', '/v3/Organizations', /^\/v3\/Organizations$/],
  ['GET', '/v3/Contacts', /^\/v3\/Contacts$/],
  ['GET', '/v3/Organizations/{Organizationkey}', /^\/v3\/Organizations\/[^/]+$/],
  ['GET', '/v3/Contacts/{Contactkey}', /^\/v3\/Contacts\/[^/]+$/],
  ['POST', '/v3/Notes', /^\/v3\/Notes$/],
  ['POST', '/v3/WorkItems', /^\/v3\/WorkItems$/],
  ['GET', '/v3/WorkItems', /^\/v3\/WorkItems$/],
  ['GET', '/v3/FileList/{EntityType}', /^\/v3\/FileList\/[^/]+$/],
  ['POST', '/v3/WebhookSubscriptions', /^\/v3\/WebhookSubscriptions$/],
  ['DELETE', '/v3/WebhookSubscriptions/{WebhookType}', /^\/v3\/WebhookSubscriptions\/[^/]+$/],
];

export interface DocumentedKarbon {
  url: string;
  /** Every request it answered, as `GET /v3/TenantSettings?…`. */
  requests: string[];
  /** Answer this operation (the reference's path) with `body` from now on instead of its documented answer. */
  answer(method: string, path: string, body: unknown): void;
  close(): Promise<void>;
}

/**
 * A stand-in Karbon that answers each call Herd makes with what Karbon's reference documents for
 * it, and nothing else: Herd read against the reference's own examples. A list's `@odata.nextLink`
 * is left out (its example points at the real Karbon, and one page is the whole list here).
 */
export async function startDocumentedKarbon(): Promise<DocumentedKarbon> {
  const overrides = new Map<string, unknown>();
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://karbon');
      requests.push(`${request.method ?? ''} ${url.pathname}${url.search}`);
      const found = OPERATIONS.find(([method, , pattern]) => method === request.method && pattern.test(url.pathname));
      if (!found) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: '4002', message: 'No HTTP resource was found' } }));
        return;
      }
      const [method, path] = found;
      const documented = documentedKarbonAnswer(method, path);
      const key = `${method} ${path}`;
      const body: unknown = structuredClone(overrides.has(key) ? overrides.get(key) : documented.body);
      if (isObject(body) && '@odata.nextLink' in body && !overrides.has(key)) delete body['@odata.nextLink'];
      if (body === undefined) response.writeHead(documented.status).end();
      else response.writeHead(documented.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    requests,
    answer: (method, path, body) => overrides.set(`${method.toUpperCase()} ${path}`, body),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
