import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';

/** Intuit's published QuickBooks Online schemas, as kept in the repository (contracts/README.md). */
export const QBO_XSD_DIR = new URL('../../contracts/qbo/', import.meta.url);

/** One XSD node as fast-xml-parser reads it: attributes as `@_name`, children by tag (prefix `xs:` dropped). */
export type XsdNode = { [key: string]: unknown };

/** A top-level definition and the file it is written in, to name it in a problem. */
export interface Defined {
  node: XsdNode;
  file: string;
}

/** The definitions of a schema and every file it includes, by name. */
export interface XsdDocument {
  complexTypes: Map<string, Defined>;
  simpleTypes: Map<string, Defined>;
  elements: Map<string, Defined>;
  groups: Map<string, Defined>;
  /** An abstract element's stand-ins (`IntuitObject` → `Purchase`, `Deposit`, …), in the order written. */
  substitutes: Map<string, string[]>;
}

/** Tags that may repeat under one parent: always read as lists, so one and many look alike. */
const REPEATING = new Set(['element', 'complexType', 'simpleType', 'group', 'sequence', 'choice', 'all', 'any', 'attribute', 'enumeration', 'include']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  isArray: (name) => REPEATING.has(name),
});

export const children = (node: XsdNode | undefined, tag: string): XsdNode[] => (Array.isArray(node?.[tag]) ? (node[tag] as XsdNode[]) : []);
export const child = (node: XsdNode | undefined, tag: string): XsdNode | undefined => {
  const value = node?.[tag];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XsdNode) : undefined;
};
export const attribute = (node: XsdNode | undefined, name: string): string | undefined => {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
};

/** Reads `entry` and, once each, every schema it includes (`xs:include schemaLocation`), from the contracts folder. */
export function readXsd(entry: string, directory: URL = QBO_XSD_DIR): XsdDocument {
  const document: XsdDocument = { complexTypes: new Map(), simpleTypes: new Map(), elements: new Map(), groups: new Map(), substitutes: new Map() };
  const read = new Set<string>();
  const visit = (file: string) => {
    if (read.has(file)) return;
    read.add(file);
    // Intuit's files start with a byte-order mark, which is not XML.
    const text = readFileSync(new URL(file, directory), 'utf8').replace(/^\uFEFF/, '');
    const schema = child(parser.parse(text) as XsdNode, 'schema');
    if (!schema) throw new Error(`${file} is not an XML schema`);
    for (const include of children(schema, 'include')) {
      const location = attribute(include, 'schemaLocation');
      if (location) visit(location);
    }
    const keep = (into: Map<string, Defined>, tag: string) => {
      for (const node of children(schema, tag)) {
        const name = attribute(node, 'name');
        if (name) into.set(name, { node, file });
      }
    };
    keep(document.complexTypes, 'complexType');
    keep(document.simpleTypes, 'simpleType');
    keep(document.elements, 'element');
    keep(document.groups, 'group');
    for (const element of children(schema, 'element')) {
      const head = attribute(element, 'substitutionGroup');
      const name = attribute(element, 'name');
      if (head && name) document.substitutes.set(head, [...(document.substitutes.get(head) ?? []), name]);
    }
  };
  visit(entry);
  return document;
}
