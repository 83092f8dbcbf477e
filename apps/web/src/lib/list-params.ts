/**
 * A list's state (filters, search, ordering, page) as the address's search
 * parameters: read with a reader per field, written without the fields that
 * hold their default, so an untouched list keeps a clean address.
 */

/** What reading a parameter needs of a zod schema; the contract's schemas fit it, so the web app needs no zod of its own. */
export interface ParamSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** One parameter's value from its text, or undefined when the text is not valid: the field then keeps its default. */
export type ParamReader<T> = (raw: string) => T | undefined;

/** A reader for every field of a list's state. */
export type ListParamsSchema<S> = { [K in keyof S]-?: ParamReader<S[K]> };

/** The schema's output (a number coerced from its text, an enum value); an optional schema's "nothing" is no value either. */
export const parsedBy =
  <T>(schema: ParamSchema<T>): ParamReader<Exclude<T, undefined>> =>
  (raw) => {
    const result = schema.safeParse(raw);
    return result.success && result.data !== undefined ? (result.data as Exclude<T, undefined>) : undefined;
  };

/** The text as written (an amount like "10.50", a date), once the schema accepts it. */
export const checkedBy =
  (schema: ParamSchema<unknown>): ParamReader<string> =>
  (raw) =>
    schema.safeParse(raw).success ? raw : undefined;

/** One of a fixed set of values. */
export const oneOf =
  <T extends string>(values: readonly T[]): ParamReader<T> =>
  (raw) =>
    values.find((value) => value === raw);

/** A "true"/"false" parameter. */
export const yesNo: ParamReader<boolean> = (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined);

/** How a value is written: lists comma-separated (as the API takes them), nothing for null. */
const encode = (value: unknown): string => {
  if (Array.isArray(value)) return value.join(',');
  return value === null || value === undefined ? '' : String(value);
};

const keysOf = <S>(schema: ListParamsSchema<S>) => Object.keys(schema) as (keyof S & string)[];

/** The list's state from the address; a missing or tampered parameter gives that field's default. */
export const readListParams = <S extends object>(params: URLSearchParams, schema: ListParamsSchema<S>, defaults: S, prefix = ''): S => {
  const state = { ...defaults };
  for (const key of keysOf(schema)) {
    const raw = params.get(prefix + key);
    if (raw === null || raw === '') continue;
    const value = schema[key](raw);
    if (value !== undefined) state[key] = value;
  }
  return state;
};

/** `params` with the list's fields set to `state`; fields at their default are left out, other parameters kept. */
export const writeListParams = <S extends object>(params: URLSearchParams, state: S, schema: ListParamsSchema<S>, defaults: S, prefix = ''): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of keysOf(schema)) {
    const text = encode(state[key]);
    if (text === '' || text === encode(defaults[key])) next.delete(prefix + key);
    else next.set(prefix + key, text);
  }
  return next;
};
