import type { FieldRule, JsonKind, ObjectRule, TextRule, ValueRule } from './xsd-rules.js';

/** An enumeration longer than this is named by its first values and its size. */
const LISTED_VALUES = 20;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const KIND_WORDS: Record<Exclude<JsonKind, 'any'>, string> = { text: 'text', number: 'a number', boolean: 'true or false' };

/**
 * Every way a JSON value strays from its XSD rule, each named by its place in the message
 * (`Purchase.Line[0].AccountBasedExpenseLineDetail`) and by the schema file and type that say so.
 */
export function checkValue(rule: ValueRule, value: unknown, path: string): string[] {
  const problems: string[] = [];
  judge(rule, value, path, problems);
  return problems;
}

function judge(rule: ValueRule, value: unknown, path: string, problems: string[]): void {
  if (rule.kind === 'text') judgeText(rule, value, path, problems);
  else judgeObject(rule, value, path, problems);
}

function judgeObject(rule: ObjectRule, value: unknown, path: string, problems: string[]): void {
  const where = `${rule.file} (${rule.type})`;
  if (!isObject(value)) {
    problems.push(`${path || 'the body'} must be an object of ${where}, not ${describe(value)}`);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const field = rule.fields.get(key);
    if (!field) {
      if (!rule.open) problems.push(`${path || 'the body'} has "${key}", which ${where} does not define`);
      continue;
    }
    judgeField(rule, field, key, item, join(path, key), problems);
  }
  for (const branches of rule.exclusive) {
    const present = branches.map((keys) => keys.filter((key) => value[key] !== undefined)).filter((keys) => keys.length > 0);
    if (present.length > 1) {
      problems.push(`${path || 'the body'} has ${present.map((keys) => `"${keys[0]}"`).join(' and ')}, of which ${where} allows only one (xs:choice)`);
    }
  }
}

function judgeField(owner: ObjectRule, field: FieldRule, key: string, value: unknown, path: string, problems: string[]): void {
  const rule = `${owner.file}, ${owner.type}: ${key} is ${field.xsdType}`;
  if (field.array) {
    if (!Array.isArray(value)) {
      problems.push(`${path} must be a list (${rule}, repeating)`);
      return;
    }
    value.forEach((item, index) => judge(field.rule, item, `${path}[${index}]`, problems));
    return;
  }
  if (Array.isArray(value)) {
    problems.push(`${path} must be a single value, not a list (${rule}, at most once)`);
    return;
  }
  if (field.rule.kind === 'text' && !fitsKind(field.rule.json, value)) {
    problems.push(`${path} must be ${KIND_WORDS[field.rule.json as Exclude<JsonKind, 'any'>]}, not ${describe(value)} (${rule})`);
    return;
  }
  judge(field.rule, value, path, problems);
}

function judgeText(rule: TextRule, value: unknown, path: string, problems: string[]): void {
  if (!fitsKind(rule.json, value)) {
    problems.push(`${path} must be ${KIND_WORDS[rule.json as Exclude<JsonKind, 'any'>]}, not ${describe(value)} (${rule.xsdType})`);
    return;
  }
  const enumeration = rule.enumeration;
  if (enumeration && !enumeration.values.includes(String(value))) {
    const values =
      enumeration.values.length <= LISTED_VALUES
        ? enumeration.values.join(', ')
        : `the ${enumeration.values.length} values listed there (${enumeration.values.slice(0, LISTED_VALUES).join(', ')}, …)`;
    problems.push(`${path} must be one of ${values} (${enumeration.file}, ${enumeration.type}), not ${JSON.stringify(value)}`);
  }
}

function fitsKind(kind: JsonKind, value: unknown): boolean {
  if (kind === 'any') return true;
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (kind === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}
