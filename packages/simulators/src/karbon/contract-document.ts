import type { OpenApiDocument } from '../contract-check/index.js';

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Karbon's reference marks a few properties required the pre-JSON-Schema way, `required: true` on
 * the property itself (`WebhookType` and `TargetUrl` of `POST /v3/WebhookSubscriptions`,
 * `BusinessCardRequest.BusinessCardKey`, a custom field's `Key`). The schema validator refuses to
 * compile those (`required` must be a list), which failed every request whose body holds one. Here
 * each is read as its author meant it: the property joins its object's `required` list. Nothing else
 * in the document is touched. (`BusinessCardKey` is the exception, see `prepareKarbonReference`.)
 */
export function liftPropertyRequiredFlags(node: unknown, seen = new Set<unknown>()): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (isObject(node) && isObject(node.properties)) {
    const lifted: string[] = [];
    for (const [name, property] of Object.entries(node.properties)) {
      if (isObject(property) && typeof property.required === 'boolean') {
        if (property.required) lifted.push(name);
        delete property.required;
      }
    }
    if (lifted.length > 0) node.required = [...new Set([...(Array.isArray(node.required) ? (node.required as string[]) : []), ...lifted])];
  }
  for (const [key, child] of Object.entries(node)) {
    // Examples are sample data, not schemas.
    if (key !== 'example' && key !== 'examples') liftPropertyRequiredFlags(child, seen);
  }
}

/**
 * Karbon's reference as it is read to judge messages: its property-level `required: true` flags
 * lifted (above), except a new business card's key: a new contact's or organization's business card
 * has no key yet (KARBON_API.md's "Onboard a new client" sends one without it), so that flag is dropped.
 */
export function prepareKarbonReference(document: OpenApiDocument): void {
  const card = (document.components?.schemas as Record<string, Schema> | undefined)?.BusinessCardRequest?.properties;
  if (isObject(card) && isObject(card.BusinessCardKey)) delete card.BusinessCardKey.required;
  liftPropertyRequiredFlags(document.paths);
  liftPropertyRequiredFlags(document.components);
}
