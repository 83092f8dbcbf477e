import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * An element in document order. qbXML and SOAP bodies are sequences (element order matters and
 * names repeat and interleave), so both directions go through fast-xml-parser's ordered form.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
});

const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/** The document's processing instructions (`?xml`, `?qbxml`) and its elements, in order. */
export function parseXml(xml: string): XmlElement[] {
  return (parser.parse(xml) as OrderedNode[]).map(toElement).filter((node): node is XmlElement => node !== undefined);
}

function toElement(node: OrderedNode): XmlElement | undefined {
  const name = Object.keys(node).find((key) => key !== ':@');
  if (name === undefined || name === '#text') return undefined;
  const content = (node[name] as OrderedNode[] | undefined) ?? [];
  const text = content
    .filter((child) => '#text' in child)
    .map((child) => String(child['#text']))
    .join('');
  const children = content.map(toElement).filter((child): child is XmlElement => child !== undefined);
  return { name, attrs: { ...(node[':@'] ?? {}) }, children, text };
}

export function child(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((each) => each.name === name);
}

export function childrenNamed(parent: XmlElement, name: string): XmlElement[] {
  return parent.children.filter((each) => each.name === name);
}

export function childText(parent: XmlElement, name: string): string | undefined {
  return child(parent, name)?.text;
}

/** What a Ret builder produces: an element with attributes, text or children. */
export interface OutElement {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: OutElement[];
}

/** `<name>text</name>`, or nothing when the value is absent (an optional field left out). */
export function leaf(name: string, value: string | number | boolean | undefined): OutElement[] {
  return value === undefined ? [] : [{ name, text: String(value) }];
}

export function node(name: string, children: OutElement[], attrs?: Record<string, string>): OutElement {
  return { name, children, ...(attrs ? { attrs } : {}) };
}

function toOrdered(element: OutElement): OrderedNode {
  const content: unknown[] = element.text !== undefined ? [{ '#text': element.text }] : (element.children ?? []).map(toOrdered);
  const attrs = Object.fromEntries(Object.entries(element.attrs ?? {}).map(([key, value]) => [`@_${key}`, value]));
  return { [element.name]: content, ...(element.attrs ? { ':@': attrs } : {}) };
}

/** Serialises with the library, which escapes text and attribute values. */
export function buildXml(prolog: { name: string; attrs: Record<string, string> }[], root: OutElement): string {
  const pis = prolog.map((pi) => toOrdered({ name: `?${pi.name}`, attrs: pi.attrs, text: '' }));
  return builder.build([...pis, toOrdered(root)]) as string;
}
