import { XMLParser } from 'fast-xml-parser';

/** An element with its namespace resolved: SOAP is judged by namespace, not by the prefix a sender chose. */
export interface NamespacedElement {
  /** The name without its prefix. */
  local: string;
  /** The namespace URI the element is in ('' for none). */
  namespace: string;
  attrs: Record<string, string>;
  children: NamespacedElement[];
  text: string;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
});

/** The document's elements (processing instructions left out), each with its namespace. */
export function parseNamespaced(xml: string): NamespacedElement[] {
  return (parser.parse(xml) as OrderedNode[]).flatMap((node) => toElement(node, new Map()) ?? []);
}

function toElement(node: OrderedNode, inScope: Map<string, string>): NamespacedElement | undefined {
  const name = Object.keys(node).find((key) => key !== ':@');
  if (name === undefined || name === '#text' || name.startsWith('?')) return undefined;
  const attrs = { ...(node[':@'] ?? {}) };
  const scope = new Map(inScope);
  for (const [attr, value] of Object.entries(attrs)) {
    if (attr === 'xmlns') scope.set('', value);
    else if (attr.startsWith('xmlns:')) scope.set(attr.slice('xmlns:'.length), value);
  }
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  const content = (node[name] as OrderedNode[] | undefined) ?? [];
  return {
    local: colon < 0 ? name : name.slice(colon + 1),
    namespace: scope.get(prefix) ?? '',
    attrs,
    children: content.flatMap((child) => toElement(child, scope) ?? []),
    text: content
      .filter((child) => '#text' in child)
      .map((child) => String(child['#text']))
      .join(''),
  };
}
