import type { OpenApiContract } from '../contract-check/index.js';
import { readOpenApiDocument } from '../contract-check/openapi-document.js';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const prepared = new WeakSet<OpenApiContract>();

/**
 * Xero's contract writes most writes' 400 (and the history calls' answers and body) once, under
 * `#/components/responses` and `#/components/requestBodies`, and points at them with a `$ref`. The
 * shared checker finds an answer's schema by its place under the operation
 * (`#/paths/…/responses/400/content/…`), which does not pass through a `$ref`, so a ValidationException
 * could not be judged at all. Until the checker follows such a `$ref`, each operation gets the shared
 * definitions written in place, word for word: its 400s are then judged against Xero's `Error` like
 * any other answer. Nothing is loosened: the schemas themselves are the contract's own.
 */
export function inlineSharedDefinitions(contract: OpenApiContract): void {
  if (prepared.has(contract)) return;
  prepared.add(contract);
  const document = readOpenApiDocument(contract.file);
  const shared = (ref: unknown): Node | undefined => {
    const match = typeof ref === 'string' ? /^#\/components\/(responses|requestBodies)\/([^/]+)$/.exec(ref) : null;
    const found = match ? document.components?.[match[1]!]?.[match[2]!] : undefined;
    return isNode(found) ? found : undefined;
  };
  for (const [template, item] of Object.entries(document.paths)) {
    for (const verb of Object.keys(item)) {
      const definition = contract.operationFor(verb, template)?.definition;
      if (!definition) continue;
      const body = isNode(definition.requestBody) ? shared(definition.requestBody.$ref) : undefined;
      if (body) definition.requestBody = body;
      const responses = isNode(definition.responses) ? definition.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const inline = isNode(response) ? shared(response.$ref) : undefined;
        if (inline) responses[status] = inline;
      }
    }
  }
}
