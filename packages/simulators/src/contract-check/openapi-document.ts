import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** Where the services' published contracts are kept (see contracts/README.md for each one's source). */
export const CONTRACTS_DIR = new URL('../../contracts/', import.meta.url);

export type Schema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/** Reads a contract as published, JSON or YAML. */
export function readOpenApiDocument(file: string): OpenApiDocument {
  const text = readFileSync(new URL(file, CONTRACTS_DIR), 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parsedYaml(text)) as OpenApiDocument;
}

/**
 * Parsing Xero's 900 KB of YAML takes seconds; its JSON form, a few milliseconds. The parsed form is
 * kept in the system's temporary folder under the hash of the text, so each test process after the
 * first reads JSON, and a changed contract is parsed afresh.
 */
function parsedYaml(text: string): unknown {
  const folder = join(tmpdir(), 'herd-contracts');
  const cached = join(folder, `${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    const parsed: unknown = parseYaml(text, { maxAliasCount: -1 });
    try {
      mkdirSync(folder, { recursive: true });
      // Written aside and renamed, so a process reading at the same time never sees half a file.
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(parsed));
      renameSync(partial, cached);
    } catch {
      // A read-only temporary folder only costs the next process the parse.
    }
    return parsed;
  }
}

const COMBINERS = ['allOf', 'oneOf', 'anyOf'] as const;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Published contracts rarely say `additionalProperties: false`, and the real services ignore a field
 * they do not know: a misspelt or invented field (a `TaxType` on the wrong object, a setting the
 * service never had) is silently dropped there and would pass a plain schema check. Here an object
 * schema that names its properties is closed: anything else in the message is reported. Schemas that
 * take part in a combination (`allOf` and friends) are closed at the combination instead, where every
 * branch's properties count as known.
 */
export function closeObjectSchemas(document: OpenApiDocument): void {
  const combined = new Set<Schema>();
  const componentByRef = new Map<string, Schema>();
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (isObject(schema)) componentByRef.set(`#/components/schemas/${name}`, schema);
  }
  const markBranches = (schema: Schema) => {
    for (const key of COMBINERS) {
      const branches = schema[key];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) {
        if (!isObject(branch)) continue;
        combined.add(branch);
        const target = typeof branch.$ref === 'string' ? componentByRef.get(branch.$ref) : undefined;
        if (target) combined.add(target);
      }
    }
  };
  const visit = (node: unknown, seen: Set<unknown>) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (isObject(node)) markBranches(node);
    for (const child of Object.values(node)) visit(child, seen);
  };
  visit(document, new Set());
  const close = (node: unknown, seen: Set<unknown>) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (isObject(node) && !combined.has(node) && !('additionalProperties' in node) && !('unevaluatedProperties' in node)) {
      const names = isObject(node.properties);
      const combines = COMBINERS.some((key) => Array.isArray(node[key]));
      if (names || combines) node.unevaluatedProperties = false;
    }
    for (const [key, child] of Object.entries(node)) {
      // Examples are sample data, not schemas.
      if (key === 'example' || key === 'examples') continue;
      close(child, seen);
    }
  };
  close(document.paths, new Set());
  close(document.components?.schemas, new Set());
}

/**
 * Formats are not judged (services write dates their own way: Xero's `/Date(…)/` where its contract
 * says `date`), so a `oneOf` whose branches are the same type told apart only by `format` (Karbon's
 * due dates: a date-time or a date) would match every branch and refuse every value. Such a choice
 * is read as "any of them", which is what it says once formats are set aside.
 */
export function readOneOfFormatsAsAnyOf(document: OpenApiDocument): void {
  const visit = (node: unknown, seen: Set<unknown>) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (isObject(node) && Array.isArray(node.oneOf)) {
      const branches = node.oneOf as unknown[];
      const formatOnly = branches.every(
        (branch) =>
          isObject(branch) && typeof branch.format === 'string' && Object.keys(branch).every((key) => ['type', 'format', 'description', 'example'].includes(key)),
      );
      const types = new Set(branches.map((branch) => (isObject(branch) ? JSON.stringify(branch.type) : '')));
      if (formatOnly && types.size === 1) {
        node.anyOf = branches;
        delete node.oneOf;
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples') visit(child, seen);
  };
  visit(document, new Set());
}
