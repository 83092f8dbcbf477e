import type { FormInstance } from 'antd';
import { normaliseError } from './api-errors';

/**
 * Puts the server's field errors on the matching form fields and returns what
 * is left to show above the form: the `detail`, messages for fields the form
 * does not have, or the transport message. Null when every message found a field.
 */
export const applyServerErrors = (form: FormInstance, error: unknown, fieldNames: readonly string[]): string | null => {
  const apiError = normaliseError(error);
  const known = Object.entries(apiError.fields).filter(([name]) => fieldNames.includes(name));
  const unknown = Object.entries(apiError.fields).filter(([name]) => !fieldNames.includes(name));
  if (known.length > 0) form.setFields(known.map(([name, errors]) => ({ name, errors })));
  if (apiError.detail) return apiError.detail;
  if (unknown.length > 0) return unknown.flatMap(([, errors]) => errors).join(' ');
  if (known.length > 0) return null;
  // A transport failure ("Network Error") needs a hint of what to do next.
  return apiError.status === null ? `${apiError.message}: please check your connection and try again.` : apiError.message;
};
