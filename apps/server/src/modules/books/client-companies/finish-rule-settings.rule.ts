import { CLIENT_EDITABLE_FIELD_LABELS, FINISH_FIELDS, type ClientCompanyUpdateBody, type ClientEditableField, type FinishRule } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';

interface StoredSettings {
  clientEditableFields: ClientEditableField[];
  finishRule: FinishRule;
}

/**
 * The finish rule an update leaves the company with, in the fields' own order, or a refusal: a field
 * clients may not set cannot be required of them. The refusal sits on what the request changed: the
 * rule when it sent one, else the fields clients may set (narrowed under a requirement).
 */
export const finishRuleAfterUpdate = (stored: StoredSettings, input: ClientCompanyUpdateBody): FinishRule | undefined => {
  if (input.finish_rule === undefined && input.client_editable_fields === undefined) return undefined;
  const editable = input.client_editable_fields ?? stored.clientEditableFields;
  const rule = input.finish_rule ?? stored.finishRule;
  const required = FINISH_FIELDS.filter((field) => rule.required.includes(field));
  const refused = required.filter((field) => !editable.includes(field));
  if (refused.length > 0) {
    const key = input.finish_rule !== undefined ? 'finish_rule.required' : 'client_editable_fields';
    throw new ValidationError({
      [key]: refused.map((field) => `${CLIENT_EDITABLE_FIELD_LABELS[field]} cannot be required to finish: clients may not set it.`),
    });
  }
  return input.finish_rule === undefined ? undefined : { category_or_explanation: rule.category_or_explanation, required };
};
