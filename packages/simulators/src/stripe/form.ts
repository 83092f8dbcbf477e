/** A value of a Stripe form body: `a[b][0][c]=v` nests into objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Parses `application/x-www-form-urlencoded` with Stripe's bracket nesting
 * (`line_items[0][price]=p&metadata[k]=v&expand[]=x`). Numeric keys and `[]`
 * make arrays; everything else makes objects.
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = splitKey(rawKey);
    if (head === undefined || head === '__proto__' || rest.includes('__proto__')) continue;
    assign(root, head, rest, value);
  }
  return normaliseArrays(root) as FormObject;
}

const splitKey = (key: string): string[] => {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
};

const assign = (target: FormObject, key: string, rest: string[], value: string): void => {
  if (rest.length === 0) {
    target[key] = value;
    return;
  }
  const [next, ...tail] = rest as [string, ...string[]];
  const existing = target[key];
  const child: FormObject = existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {};
  target[key] = child;
  // `[]` appends: give it the next free index.
  assign(child, next === '' ? String(Object.keys(child).length) : next, tail, value);
};

/** Objects whose keys are all 0..n-1 become arrays. */
const normaliseArrays = (value: FormValue): FormValue => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, normaliseArrays(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
};

/** Reads a nested string field, or undefined. */
export const formString = (form: FormObject, ...path: string[]): string | undefined => {
  let current: FormValue | undefined = form;
  for (const key of path) {
    if (current === undefined || typeof current === 'string') return undefined;
    current = Array.isArray(current) ? current[Number(key)] : current[key];
  }
  return typeof current === 'string' ? current : undefined;
};

/** Reads `metadata[...]`-like maps of strings. */
export const formStringMap = (value: FormValue | undefined): Record<string, string> => {
  if (!value || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
};
