import type { ContentModel, ModelRun, Origin } from './content-model.js';

/**
 * Words a content model's refusal as a person fixing the request needs it: an element the type
 * does not have, one that must come before another, two that are alternatives, one too many, or
 * what is missing. `where` names the type whose content model refused (file and name).
 */
export function modelProblem(model: ContentModel, run: ModelRun, names: string[], path: string, where: string): string | undefined {
  if (run.failAt === undefined) {
    if (run.complete) return undefined;
    const expected = run.expected;
    const what = expected.length === 1 ? `${expected[0]} is required` : `one of ${list(expected)} is required`;
    return `${path}: ${what}${names.length > 0 ? ` after ${names.at(-1)}` : ''} (${where})`;
  }
  const at = run.failAt;
  const name = names[at]!;
  if (!model.alphabet.has(name)) return `${path}: ${name} is not an element of ${typeName(where)} (${where})`;
  const before = names.slice(0, at);
  // Would it fit earlier? Then the order is wrong: name the element it must precede.
  for (let j = at - 1; j >= 0; j--) {
    if (!model.takesPrefix([...before.slice(0, j), name, ...before.slice(j)])) continue;
    if (before[j] === name) break;
    return `${path}: ${name} must come before ${before[j]} (${where}${groupNote(model, [...before.slice(0, j), name])})`;
  }
  // Would it fit without an earlier one? Then the two are alternatives, or the name repeats too often.
  for (let j = at - 1; j >= 0; j--) {
    if (!model.takesPrefix([...before.slice(0, j), ...before.slice(j + 1), name])) continue;
    if (before[j] === name) return `${path}: ${name} appears more often than ${typeName(where)} allows (${where})`;
    return `${path}: ${name} cannot be sent with ${before[j]}: the schema takes one or the other (${where})`;
  }
  const expected = run.expected.length > 0 ? `; expected ${list(run.expected)}` : '; nothing more is allowed';
  return `${path}: ${name} is not allowed ${at > 0 ? `after ${before.at(-1)}` : 'first'}${expected} (${where})`;
}

/** When the order comes from a named group, say so: the type alone would not show it. */
function groupNote(model: ContentModel, names: string[]): string {
  const origin: Origin | undefined = model.run(names).steps.at(-1)?.origin;
  return origin?.kind === 'group' ? `; its group ${origin.name}, ${origin.file}` : '';
}

const typeName = (where: string) => where.split(', ').at(-1) ?? where;
const list = (names: string[]) => (names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', '));
