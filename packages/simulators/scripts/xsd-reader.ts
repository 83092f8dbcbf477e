import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttributeRule, ComplexBody, ElementBody, MaxOccurs, Particle, SimpleRule } from '../src/qbxml-check/qbxml-rules-types.js';
import { parseXml, type XmlElement } from '../src/qbd/xml-tree.js';

/**
 * Reads the part of XML Schema that Intuit's qbXML schema uses (elements, complex and simple types,
 * sequences, choices, named groups, simple content, attributes, restrictions with enumeration,
 * maxLength, pattern and min/max inclusive, unions) into the rules' shapes. Anything else stops the
 * generator, so a new construct is never silently left out of the rules.
 */

export type ComponentKind = 'element' | 'complexType' | 'simpleType' | 'group';

/** A top-level declaration of one schema file. */
export interface Component {
  kind: ComponentKind;
  name: string;
  file: string;
  node: XmlElement;
}

/** Every top-level declaration of the schema files, by kind and name. */
export function readSchemaFiles(folder: string, files: string[]): Map<string, Component> {
  const components = new Map<string, Component>();
  for (const file of files) {
    const schema = parseXml(readFileSync(join(folder, file), 'utf8')).find((each) => each.name === 'schema');
    if (!schema) throw new Error(`${file} is not an XML Schema`);
    for (const node of schema.children) {
      if (node.name === 'include') continue;
      if (!['element', 'complexType', 'simpleType', 'group'].includes(node.name)) throw new Error(`${file}: top-level <${node.name}> is not read`);
      const name = node.attrs.name;
      if (!name) throw new Error(`${file}: a top-level <${node.name}> has no name`);
      components.set(key(node.name as ComponentKind, name), { kind: node.name as ComponentKind, name, file, node });
    }
  }
  return components;
}

export const key = (kind: ComponentKind, name: string) => `${kind}:${name}`;

/** What the reader met that the rules must include too (named types, groups, global elements). */
export type Reference = { kind: ComponentKind; name: string };

/** Reads declarations, reporting every named component they refer to. */
export class XsdReader {
  constructor(
    private readonly refer: (reference: Reference) => void,
    /** Whether a local element of a message set (QBXMLMsgsRq's choice) is one whose rules are derived. */
    private readonly inScope: (element: string) => boolean = () => true,
  ) {}

  /** A global or local element's type: named, or written in place. */
  elementBody(node: XmlElement, messageSet = false): ElementBody {
    if (messageSet && node.attrs.name && !this.inScope(node.attrs.name)) return { notDerived: true };
    const type = node.attrs.type;
    const simple = only(node, 'simpleType');
    const complex = only(node, 'complexType');
    if (type) {
      this.referToType(type);
      return { type };
    }
    if (simple) return { simple: this.simpleType(simple) };
    if (complex) return { complex: this.complexType(complex) };
    throw new Error(`element ${node.attrs.name ?? node.attrs.ref} has no type`);
  }

  complexType(node: XmlElement, messageSet = false): ComplexBody {
    const body: ComplexBody = {};
    const attributes: AttributeRule[] = [];
    for (const child of node.children) {
      if (child.name === 'sequence' || child.name === 'choice' || child.name === 'group') body.content = this.particle(child, messageSet);
      else if (child.name === 'attribute') attributes.push(this.attribute(child));
      else if (child.name === 'simpleContent') {
        const extension = only(child, 'extension');
        if (!extension?.attrs.base) throw new Error('simpleContent without an extension base is not read');
        this.referToType(extension.attrs.base);
        body.text = { base: extension.attrs.base };
        for (const each of extension.children) {
          if (each.name !== 'attribute') throw new Error(`simpleContent's <${each.name}> is not read`);
          attributes.push(this.attribute(each));
        }
      } else throw new Error(`complexType's <${child.name}> is not read`);
    }
    if (attributes.length > 0) body.attributes = attributes;
    return body;
  }

  particle(node: XmlElement, messageSet = false): Particle {
    const occurs = occursOf(node);
    switch (node.name) {
      case 'element': {
        const ref = node.attrs.ref;
        if (ref) {
          this.refer({ kind: 'element', name: ref });
          return { element: ref, ...occurs };
        }
        return { element: node.attrs.name!, ...occurs, local: this.elementBody(node, messageSet) };
      }
      case 'sequence':
        return { sequence: node.children.map((child) => this.particle(child, messageSet)), ...occurs };
      case 'choice':
        return { choice: node.children.map((child) => this.particle(child, messageSet)), ...occurs };
      case 'group': {
        const ref = node.attrs.ref;
        if (!ref) throw new Error('a group inside a content model must be a reference');
        this.refer({ kind: 'group', name: ref });
        return { group: ref, ...occurs };
      }
      default:
        throw new Error(`<${node.name}> in a content model is not read`);
    }
  }

  simpleType(node: XmlElement): SimpleRule {
    const restriction = only(node, 'restriction');
    const union = only(node, 'union');
    if (union) {
      if (union.attrs.memberTypes) throw new Error('a union by memberTypes is not read');
      return { union: union.children.map((member) => this.simpleType(member)) };
    }
    if (!restriction?.attrs.base) throw new Error('a simpleType must be a restriction or a union');
    const rule: SimpleRule = { base: restriction.attrs.base };
    this.referToType(restriction.attrs.base);
    for (const facet of restriction.children) {
      const value = facet.attrs.value ?? '';
      if (facet.name === 'enumeration') (rule.enumeration ??= []).push(value);
      else if (facet.name === 'pattern') (rule.pattern ??= []).push(value);
      else if (facet.name === 'maxLength') rule.maxLength = Number(value);
      else if (facet.name === 'minInclusive') rule.minInclusive = value;
      else if (facet.name === 'maxInclusive') rule.maxInclusive = value;
      else throw new Error(`the facet <${facet.name}> is not read`);
    }
    return rule;
  }

  attribute(node: XmlElement): AttributeRule {
    const name = node.attrs.name;
    if (!name) throw new Error('an attribute by reference is not read');
    const rule: AttributeRule = { name };
    if (node.attrs.use === 'required') rule.required = true;
    const simple = only(node, 'simpleType');
    if (node.attrs.type) {
      rule.type = node.attrs.type;
      this.referToType(node.attrs.type);
    } else if (simple) rule.simple = this.simpleType(simple);
    return rule;
  }

  /** A type named by `type=` or `base=`: XML Schema's own (xsd:…) need nothing more. */
  private referToType(name: string): void {
    if (name.startsWith('xsd:')) return;
    this.refer({ kind: 'complexType', name });
  }
}

function only(node: XmlElement, name: string): XmlElement | undefined {
  const found = node.children.filter((each) => each.name === name);
  if (found.length > 1) throw new Error(`more than one <${name}> in <${node.name}>`);
  return found[0];
}

function occursOf(node: XmlElement): { min?: number; max?: MaxOccurs } {
  const occurs: { min?: number; max?: MaxOccurs } = {};
  if (node.attrs.minOccurs !== undefined && node.attrs.minOccurs !== '1') occurs.min = Number(node.attrs.minOccurs);
  const max = node.attrs.maxOccurs;
  if (max !== undefined && max !== '1') occurs.max = max === 'unbounded' ? 'unbounded' : Number(max);
  return occurs;
}
