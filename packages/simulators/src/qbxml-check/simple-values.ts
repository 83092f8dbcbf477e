import type { SimpleRule, SimpleTypeRule } from './qbxml-rules-types.js';

/**
 * Judges text against a simple type of the rules: the XML Schema built-in it restricts, then its
 * facets (enumeration, maxLength, pattern, min/max inclusive); a union takes a value any of its
 * members takes. Answers why a value is refused, or undefined when it is taken.
 */
export function refusalOf(value: string, rule: SimpleRule, simpleTypes: Record<string, SimpleTypeRule>): string | undefined {
  if (rule.union) {
    const reasons = rule.union.map((member) => refusalOf(value, member, simpleTypes));
    return reasons.some((reason) => reason === undefined) ? undefined : reasons.join('; nor ');
  }
  const base = rule.base;
  const named = base !== undefined && !base.startsWith('xsd:') ? simpleTypes[base] : undefined;
  if (named) {
    const refused = refusalOf(value, named, simpleTypes);
    if (refused) return refused;
  } else if (base) {
    const refused = builtInRefusal(value, base);
    if (refused) return refused;
  }
  // xsd:token and types built on it compare with whitespace collapsed.
  const compared = base === 'xsd:token' ? value.replace(/\s+/g, ' ').trim() : value;
  if (rule.enumeration && !rule.enumeration.includes(compared))
    return `"${value}" is not one of ${rule.enumeration.map((each) => (each === '' ? '""' : each)).join(', ')}`;
  const length = [...value].length;
  if (rule.maxLength !== undefined && length > rule.maxLength) return `"${shorten(value)}" is ${length} characters long; at most ${rule.maxLength} are allowed`;
  if (rule.pattern && !rule.pattern.some((pattern) => wholeMatch(pattern).test(value)))
    return `"${shorten(value)}" does not match the pattern ${rule.pattern.join(' | ')}`;
  if (rule.minInclusive !== undefined && Number(value) < Number(rule.minInclusive)) return `${value} is less than ${rule.minInclusive}`;
  if (rule.maxInclusive !== undefined && Number(value) > Number(rule.maxInclusive)) return `${value} is more than ${rule.maxInclusive}`;
  return undefined;
}

/** The lexical forms of the XML Schema built-ins the qbXML schema restricts. */
const BUILT_IN: Record<string, RegExp> = {
  'xsd:integer': /^[+-]?\d+$/,
  'xsd:decimal': /^[+-]?(\d+(\.\d*)?|\.\d+)$/,
  'xsd:boolean': /^(true|false|1|0)$/,
  'xsd:date': /^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/,
  'xsd:duration': /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/,
};

function builtInRefusal(value: string, base: string): string | undefined {
  const form = BUILT_IN[base];
  if (!form) return undefined; // xsd:string and xsd:token take any text
  return form.test(value.trim()) ? undefined : `"${shorten(value)}" is not an ${base}`;
}

const compiled = new Map<string, RegExp>();
/** XML Schema patterns match the whole value; their syntax, as qbXML uses it, reads the same in JavaScript. */
function wholeMatch(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`);
    compiled.set(pattern, regex);
  }
  return regex;
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);
