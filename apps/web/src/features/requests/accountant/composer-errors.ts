import type { FormInstance } from 'antd';
import { placeServerErrors } from '../../../lib/form-errors';
import { composerFieldOf, type ComposerValues } from './composer-values';

/** Errors that belong to the checklist or the files as a whole (not one field), and what found no place at all. */
export interface ComposerListErrors {
  items: string | null;
  attachments: string | null;
  rest: string | null;
}
export const NO_LIST_ERRORS: ComposerListErrors = { items: null, attachments: null, rest: null };

/** Puts the server's errors (a one-off's or a schedule's, whose content keys start with `content.`) under their fields. */
export const placeComposerErrors = (form: FormInstance<ComposerValues>, error: unknown): ComposerListErrors => {
  // Field paths travel through the placer as JSON text; the checklist and the files as a whole are named with "@".
  const { fields, rest } = placeServerErrors(error, (key) => {
    const where = composerFieldOf(key);
    return where === null ? null : typeof where === 'string' ? `@${where}` : JSON.stringify(where);
  });
  const lists = { items: [] as string[], attachments: [] as string[] };
  const onFields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const [key, errors] of fields) {
    if (key === '@items') lists.items.push(...errors);
    else if (key === '@attachments') lists.attachments.push(...errors);
    else onFields.push({ name: JSON.parse(key) as (string | number)[], errors });
  }
  form.setFields(onFields as Parameters<typeof form.setFields>[0]);
  return { items: lists.items.join(' ') || null, attachments: lists.attachments.join(' ') || null, rest };
};
