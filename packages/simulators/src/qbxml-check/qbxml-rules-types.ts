/**
 * The shape of `contracts/qbxml-13.0/rules.json`: what `scripts/derive-qbxml-rules.ts` keeps of
 * Intuit's qbXML 13.0 schema (element content models, simple-type restrictions, attributes), each
 * rule naming the schema file it comes from. The schema files themselves are not kept (their
 * licence does not allow it); these rules are facts read from them.
 */

export type MaxOccurs = number | 'unbounded';

/** min/max occurs of a particle; both default to 1, as in XML Schema. */
interface Occurs {
  min?: number;
  max?: MaxOccurs;
}

/** An element of a content model: a global one by name, or one declared in place (`local`). */
export interface ElementParticle extends Occurs {
  element: string;
  local?: ElementBody;
}

export interface SequenceParticle extends Occurs {
  sequence: Particle[];
}

export interface ChoiceParticle extends Occurs {
  choice: Particle[];
}

/** A named model group (`<xsd:group ref>`), kept by name so a problem can say which group it broke. */
export interface GroupParticle extends Occurs {
  group: string;
}

export type Particle = ElementParticle | SequenceParticle | ChoiceParticle | GroupParticle;

/**
 * A simple type: a restriction of `base` (a named simple type of the schema or an XML Schema
 * built-in such as `xsd:string`), or a union of alternatives.
 */
export interface SimpleRule {
  base?: string;
  enumeration?: string[];
  maxLength?: number;
  /** XML Schema patterns: a value must match one of them, whole. */
  pattern?: string[];
  minInclusive?: string;
  maxInclusive?: string;
  union?: SimpleRule[];
}

export interface AttributeRule {
  name: string;
  required?: true;
  /** A named simple type, or the restriction written in place. */
  type?: string;
  simple?: SimpleRule;
}

/**
 * What an element may hold: children (`content`), text of a simple type (`text`), attributes.
 * An element with neither content nor text is empty.
 */
export interface ComplexBody {
  content?: Particle;
  text?: SimpleRule;
  attributes?: AttributeRule[];
}

/**
 * An element declaration: a named type (complex or simple), or a type written in place. A
 * `notDerived` element is one the schema has but the rules were not derived for (a message Herd
 * neither sends nor receives): it is known by name only.
 */
export interface ElementBody {
  type?: string;
  simple?: SimpleRule;
  complex?: ComplexBody;
  notDerived?: true;
}

/** Where a rule is written: the schema file (qbxml130.xsd, qbxmlops130.xsd, …). */
interface FromFile {
  from: string;
}

export type GlobalElementRule = ElementBody & FromFile;
export type ComplexTypeRule = ComplexBody & FromFile;
export type GroupRule = { content: Particle } & FromFile;
export type SimpleTypeRule = SimpleRule & FromFile;

export interface QbxmlRules {
  /** The schema the rules were derived from: its name, version, files, where they were read, and the licence they are under. */
  source: { schema: string; version: string; files: string[]; repository: string; commit: string; licence: string; generator: string };
  /** The document element. */
  root: string;
  /** The messages whose rules were derived (requests and their responses). */
  messages: string[];
  elements: Record<string, GlobalElementRule>;
  complexTypes: Record<string, ComplexTypeRule>;
  groups: Record<string, GroupRule>;
  simpleTypes: Record<string, SimpleTypeRule>;
}
