import type { FormInstance } from 'antd';
import { normaliseError } from './api-errors';

/** Where the server's errors go: those of known fields onto their field, everything else in one sentence. */
export interface PlacedErrors {
  /** Field name (as the screen names it) → its messages. */
  fields: Map<string, string[]>;
  /** The `detail`, messages of fields the screen does not show, or the transport failure; null when every message found a field. */
  rest: string | null;
}

/**
 * Sorts a failed call's messages: `fieldOf` says which shown field a server
 * key (`name`, `transactions.0.lines.1.category`) belongs to, or null when the
 * screen does not show it (a field this person cannot see, a status refusal).
 * Nothing is dropped: what finds no field is in `rest`.
 */
export const placeServerErrors = (error: unknown, fieldOf: (key: string) => string | null): PlacedErrors => {
  const apiError = normaliseError(error);
  const fields = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const [key, errors] of Object.entries(apiError.fields)) {
    const field = fieldOf(key);
    if (field) fields.set(field, [...(fields.get(field) ?? []), ...errors]);
    else unplaced.push(...errors);
  }
  const said = [...new Set([apiError.detail, ...unplaced].filter((text): text is string => Boolean(text)))];
  if (said.length > 0) return { fields, rest: said.join(' ') };
  if (fields.size > 0) return { fields, rest: null };
  // A transport failure ("Network Error") needs a hint of what to do next.
  return { fields, rest: apiError.status === null ? `${apiError.message}: please check your connection and try again.` : apiError.message };
};

/** The whole of a failed call's answer in one sentence, for a call that has no form (a button, a menu item). */
export const serverErrorText = (error: unknown): string => placeServerErrors(error, () => null).rest ?? normaliseError(error).message;

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
 * Puts the server's field errors on the matching antd form fields and returns
 * what is left to show above the form (`FormAlert`): the `detail`, messages
 * for fields the form does not have, or the transport message. Null when
 * every message found a field.
 */
export const applyServerErrors = (form: FormInstance, error: unknown, fieldNames: readonly string[], aliases: Readonly<Record<string, string>> = {}): string | null => {
  const { fields, rest } = placeServerErrors(error, (key) => formFieldOf(key, fieldNames, aliases));
  if (fields.size > 0) form.setFields([...fields].map(([name, errors]) => ({ name, errors })));
  return rest;
};
