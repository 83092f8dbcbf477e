import type { FormInstance } from 'antd';
import { normaliseError } from './api-errors';

/**
 * The form field a server error key belongs to: an alias when the form names
 * it differently, else the key itself, else its first segment (the server
 * reports `assigned_members.0` for one bad item of a list).
 */
const formFieldOf = (key: string, fieldNames: readonly string[], aliases: Readonly<Record<string, string>>): string | null => {
  const alias = aliases[key];
  if (alias && fieldNames.includes(alias)) return alias;
  if (fieldNames.includes(key)) return key;
  const head = key.split('.')[0] ?? key;
  return head !== key && fieldNames.includes(head) ? head : null;
};

/**
 * Puts the server's field errors on the matching form fields and returns what
 * is left to show above the form: the `detail`, messages for fields the form
 * does not have, or the transport message. Null when every message found a field.
 */
export const applyServerErrors = (form: FormInstance, error: unknown, fieldNames: readonly string[], aliases: Readonly<Record<string, string>> = {}): string | null => {
  const apiError = normaliseError(error);
  const known = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const [key, errors] of Object.entries(apiError.fields)) {
    const field = formFieldOf(key, fieldNames, aliases);
    if (field) known.set(field, [...(known.get(field) ?? []), ...errors]);
    else unknown.push(...errors);
  }
  if (known.size > 0) form.setFields([...known].map(([name, errors]) => ({ name, errors })));
  if (apiError.detail) return apiError.detail;
  if (unknown.length > 0) return unknown.join(' ');
  if (known.size > 0) return null;
  // A transport failure ("Network Error") needs a hint of what to do next.
  return apiError.status === null ? `${apiError.message}: please check your connection and try again.` : apiError.message;
};
