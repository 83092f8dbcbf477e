import { attribute, child, children, type XsdDocument, type XsdNode } from './xsd-document.js';

/** What a JSON value of an XSD simple type is: QBO writes decimals and integers as numbers, booleans as true/false. */
export type JsonKind = 'text' | 'number' | 'boolean' | 'any';

/** A simple value: its JSON kind and, for an enumeration, the spellings allowed. */
export interface TextRule {
  kind: 'text';
  json: JsonKind;
  /** The XSD type as written (`xs:decimal`, `PaymentTypeEnum`). */
  xsdType: string;
  enumeration?: { type: string; file: string; values: string[] };
}

/** Where a key comes from: its own element (or attribute) and whether it repeats (a JSON array). */
export interface FieldRule {
  array: boolean;
  rule: ValueRule;
  /** The XSD type of the value as written, for the wording of a problem. */
  xsdType: string;
}

/**
 * A complex type as a closed JSON object: every key its sequence, choices, groups, attributes and
 * extension bases define, and nothing else unless the type takes `xs:any`.
 */
export interface ObjectRule {
  kind: 'object';
  type: string;
  file: string;
  fields: Map<string, FieldRule>;
  /** Choices of at most one branch: the keys of each branch, so two branches at once can be reported. */
  exclusive: string[][][];
  /** The type takes any element (`xs:any`, Intuit's extension placeholders). */
  open: boolean;
}

export type ValueRule = TextRule | ObjectRule;

const NUMBER_TYPES = new Set([
  'decimal',
  'double',
  'float',
  'int',
  'integer',
  'long',
  'short',
  'byte',
  'positiveInteger',
  'nonNegativeInteger',
  'negativeInteger',
  'nonPositiveInteger',
  'unsignedLong',
  'unsignedInt',
  'unsignedShort',
  'unsignedByte',
]);

const builtinKind = (local: string): JsonKind =>
  NUMBER_TYPES.has(local) ? 'number' : local === 'boolean' ? 'boolean' : local === 'anyType' || local === 'anySimpleType' ? 'any' : 'text';

const occurs = (node: XsdNode, name: 'maxOccurs'): number => {
  const value = attribute(node, name);
  return value === undefined ? 1 : value === 'unbounded' ? Number.POSITIVE_INFINITY : Number(value);
};

/**
 * Compiles the XSD's types into rules for JSON, once each (a type met again, even inside itself
 * as `Line` inside `GroupLineDetail`, is the same rule). QBO's JSON keeps the XSD's names: an
 * element or attribute is a key, an element that may repeat is an array, a simple-content type
 * (`ReferenceType`) is an object with its text as `value` beside its attributes.
 */
export class XsdRules {
  private readonly compiled = new Map<string, ValueRule>();

  constructor(private readonly document: XsdDocument) {}

  /** The rule of a named type; `xs:`-prefixed names are XSD's own. */
  typeRule(type: string): ValueRule {
    const known = this.compiled.get(type);
    if (known) return known;
    if (type.startsWith('xs:')) {
      const rule: TextRule = { kind: 'text', json: builtinKind(type.slice(3)), xsdType: type };
      this.compiled.set(type, rule);
      return rule;
    }
    const simple = this.document.simpleTypes.get(type);
    if (simple) {
      const rule = this.simpleRule(type, simple.node, simple.file);
      this.compiled.set(type, rule);
      return rule;
    }
    const complex = this.document.complexTypes.get(type);
    if (!complex) throw new Error(`The QuickBooks schema names a type it does not define: ${type}`);
    const rule: ObjectRule = { kind: 'object', type, file: complex.file, fields: new Map(), exclusive: [], open: false };
    // Registered before it is filled in: a type that contains itself finds this same object.
    this.compiled.set(type, rule);
    this.fillComplex(rule, complex.node);
    return rule;
  }

  /** The rule of a global element (`Purchase`, `IntuitResponse`), or undefined when the schema has none by that name. */
  elementRule(name: string): ValueRule | undefined {
    const element = this.document.elements.get(name);
    if (!element) return undefined;
    return this.elementValue(element.node, name, element.file).rule;
  }

  private simpleRule(name: string, node: XsdNode, file: string): TextRule {
    const restriction = child(node, 'restriction');
    if (!restriction) return { kind: 'text', json: 'text', xsdType: name };
    const base = attribute(restriction, 'base') ?? 'xs:string';
    const inner = this.typeRule(base);
    const json = inner.kind === 'text' ? inner.json : 'any';
    const values = children(restriction, 'enumeration').map((entry) => attribute(entry, 'value') ?? '');
    if (values.length > 0) return { kind: 'text', json, xsdType: name, enumeration: { type: name, file, values } };
    return { kind: 'text', json, xsdType: name, ...(inner.kind === 'text' && inner.enumeration ? { enumeration: inner.enumeration } : {}) };
  }

  private fillComplex(rule: ObjectRule, node: XsdNode): void {
    const complexContent = child(node, 'complexContent');
    const simpleContent = child(node, 'simpleContent');
    if (complexContent) {
      const derivation = child(complexContent, 'extension') ?? child(complexContent, 'restriction');
      const base = attribute(derivation, 'base');
      if (base && base !== 'xs:anyType') {
        const inherited = this.typeRule(base);
        if (inherited.kind === 'object') {
          for (const [key, field] of inherited.fields) rule.fields.set(key, field);
          rule.exclusive.push(...inherited.exclusive);
          rule.open ||= inherited.open;
        }
      }
      if (derivation) this.addContent(rule, derivation);
      return;
    }
    if (simpleContent) {
      const derivation = child(simpleContent, 'extension') ?? child(simpleContent, 'restriction');
      const base = attribute(derivation, 'base') ?? 'xs:string';
      const text = this.typeRule(base);
      rule.fields.set('value', { array: false, rule: text, xsdType: base });
      if (derivation) this.addAttributes(rule, derivation);
      return;
    }
    this.addContent(rule, node);
  }

  /** The particles and attributes written directly under a type or its extension. */
  private addContent(rule: ObjectRule, node: XsdNode): void {
    this.addParticles(rule, node, false);
    this.addAttributes(rule, node);
  }

  /** Adds the keys of every particle under `node`; answers them, so a choice knows each branch's keys. */
  private addParticles(rule: ObjectRule, node: XsdNode, repeated: boolean): string[] {
    const added: string[] = [];
    for (const sequence of [...children(node, 'sequence'), ...children(node, 'all')]) {
      added.push(...this.addParticles(rule, sequence, repeated || occurs(sequence, 'maxOccurs') > 1));
    }
    for (const choice of children(node, 'choice')) {
      const many = repeated || occurs(choice, 'maxOccurs') > 1;
      const branches = this.choiceBranches(choice).map((branch) => this.addParticles(rule, branch, many));
      if (!many && branches.length > 1) rule.exclusive.push(branches.filter((keys) => keys.length > 0));
      added.push(...branches.flat());
    }
    for (const group of children(node, 'group')) {
      const name = attribute(group, 'ref');
      const defined = name ? this.document.groups.get(name) : undefined;
      if (!defined) throw new Error(`The QuickBooks schema refers to a group it does not define: ${String(name)}`);
      added.push(...this.addParticles(rule, defined.node, repeated || occurs(group, 'maxOccurs') > 1));
    }
    for (const element of children(node, 'element')) added.push(...this.addElement(rule, element, repeated));
    if (children(node, 'any').length > 0) rule.open = true;
    return added;
  }

  /** Each alternative of a choice on its own, as a node holding only that particle. */
  private choiceBranches(choice: XsdNode): XsdNode[] {
    const branches: XsdNode[] = [];
    for (const tag of ['element', 'sequence', 'choice', 'group', 'any']) {
      for (const particle of children(choice, tag)) branches.push({ [tag]: [particle] });
    }
    return branches;
  }

  private addElement(rule: ObjectRule, element: XsdNode, repeated: boolean): string[] {
    const array = repeated || occurs(element, 'maxOccurs') > 1;
    const ref = attribute(element, 'ref');
    if (ref) {
      const global = this.document.elements.get(ref);
      if (!global) throw new Error(`The QuickBooks schema refers to an element it does not define: ${ref}`);
      // An abstract element (IntuitObject) stands for each element of its substitution group.
      const names = attribute(global.node, 'abstract') === 'true' ? (this.document.substitutes.get(ref) ?? []) : [ref];
      for (const name of names) {
        const target = this.document.elements.get(name)!;
        const { rule: value, xsdType } = this.elementValue(target.node, name, target.file);
        rule.fields.set(name, { array, rule: value, xsdType });
      }
      // Once only, the stand-ins exclude each other: a batch item holds one entity, not a Purchase and a Bill.
      if (!array && names.length > 1) rule.exclusive.push(names.map((name) => [name]));
      return names;
    }
    const name = attribute(element, 'name');
    if (!name) return [];
    const { rule: value, xsdType } = this.elementValue(element, `${rule.type}.${name}`, rule.file);
    rule.fields.set(name, { array, rule: value, xsdType });
    return [name];
  }

  /** An element's value: its named type, or the type written inside it (named after where it is). */
  private elementValue(element: XsdNode, anonymousName: string, file: string): { rule: ValueRule; xsdType: string } {
    const type = attribute(element, 'type');
    if (type) return { rule: this.typeRule(type), xsdType: type };
    const complex = children(element, 'complexType')[0];
    if (complex) {
      const rule: ObjectRule = { kind: 'object', type: anonymousName, file, fields: new Map(), exclusive: [], open: false };
      this.fillComplex(rule, complex);
      return { rule, xsdType: anonymousName };
    }
    const simple = children(element, 'simpleType')[0];
    if (simple) return { rule: this.simpleRule(anonymousName, simple, file), xsdType: anonymousName };
    return { rule: this.typeRule('xs:anyType'), xsdType: 'xs:anyType' };
  }

  private addAttributes(rule: ObjectRule, node: XsdNode): void {
    for (const declared of children(node, 'attribute')) {
      const name = attribute(declared, 'name');
      if (!name) continue;
      const type = attribute(declared, 'type') ?? 'xs:string';
      rule.fields.set(name, { array: false, rule: this.typeRule(type), xsdType: type });
    }
  }
}
