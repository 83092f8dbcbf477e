import { checkValue } from './xsd-check.js';
import { readXsd } from './xsd-document.js';
import { XsdRules } from './xsd-rules.js';

export { checkValue } from './xsd-check.js';
export { readXsd, type XsdDocument } from './xsd-document.js';
export { XsdRules, type FieldRule, type ObjectRule, type TextRule, type ValueRule } from './xsd-rules.js';

/**
 * QuickBooks Online's entities as Intuit publishes them (IntuitRestServiceDef.xsd and the files it
 * includes: Finance.xsd, IntuitBaseTypes.xsd, IntuitNamesTypes.xsd, Report.xsd), read once per
 * process and compiled type by type as messages need them.
 */
export class QboSchema {
  private readonly rules = new XsdRules(readXsd('IntuitRestServiceDef.xsd'));

  constructor() {
    // Everything a message can reach is compiled now, so no request pays for it (and its timing stays the service's).
    this.rules.typeRule('IntuitResponse');
    this.rules.typeRule('IntuitBatchRequest');
  }

  /** Whether the schema has a global element of that name (every entity has one: `Purchase`, `Account`, …). */
  hasElement(name: string): boolean {
    return this.rules.elementRule(name) !== undefined;
  }

  /** The problems of a value of a global element, named from `path` (the element's own name by default). */
  checkElement(name: string, value: unknown, path: string = name): string[] {
    const rule = this.rules.elementRule(name);
    if (!rule) return [`${name} is not an element of the QuickBooks schema`];
    return checkValue(rule, value, path);
  }

  /**
   * Whether a client reading `path` (keys only, list positions left out) from a value of `element`
   * reads only what the schema defines there: undefined when every key is defined, else which is not.
   */
  undefinedRead(element: string, path: readonly string[]): string | undefined {
    let rule = this.rules.elementRule(element);
    let where = element;
    if (!rule) return `${element} is not an element of the QuickBooks schema`;
    for (const key of path) {
      if (rule.kind !== 'object') return `${where} is ${rule.xsdType}, which has no "${key}"`;
      if (rule.open) return undefined;
      const field = rule.fields.get(key);
      if (!field) return `${where} has no "${key}" in ${rule.file} (${rule.type})`;
      rule = field.rule;
      where = `${where}.${key}`;
    }
    return undefined;
  }

  /** The problems of a value of a named type (`IntuitResponse`, `IntuitBatchRequest`), paths starting at `path`. */
  checkType(type: string, value: unknown, path = ''): string[] {
    return checkValue(this.rules.typeRule(type), value, path);
  }
}

let loaded: QboSchema | undefined;

export function qboSchema(): QboSchema {
  loaded ??= new QboSchema();
  return loaded;
}
