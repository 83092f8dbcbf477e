type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Query strings, headers and form bodies carry only text: a value is turned into what the contract's
 * schema declares (a number, a boolean, a list) before it is judged, as the service itself reads it.
 * Text that does not read as the declared type is left as it is, so the check reports it.
 */
export function coerceToSchema(value: unknown, schema: Schema, resolve: (ref: string) => Schema = () => ({})): unknown {
  const target = typeof schema.$ref === 'string' ? resolve(schema.$ref) : schema;
  const types = Array.isArray(target.type) ? (target.type as string[]) : [target.type as string | undefined];
  if (types.includes('array')) {
    const items = isObject(target.items) ? target.items : {};
    return (Array.isArray(value) ? value : [value]).map((item) => coerceToSchema(item, items, resolve));
  }
  if (Array.isArray(value)) return value.length === 1 ? coerceToSchema(value[0], target, resolve) : value;
  if (isObject(value) && isObject(target.properties)) {
    const properties = target.properties;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isObject(properties[key]) ? coerceToSchema(item, properties[key], resolve) : item]));
  }
  if (typeof value !== 'string') return value;
  if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}
