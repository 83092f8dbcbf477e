import { z } from 'zod';
import { LINE_FIELDS, type ClientEditableField, type LineField } from './enums.js';
import { messages } from './messages.js';

/**
 * What a client must have filled before they may mark a transaction done ("finish" it), chosen by the
 * accountant per client company (docs/transactions.md, "What finishing needs").
 *
 * Two parts, both applying when set:
 * - `category_or_explanation`: every line has a category, OR the transaction has a memo or an
 *   attachment saying what it was ("Tell us what this was"). The accountant categorizes the rest
 *   during review. The default for every company.
 * - `required`: fields the client must fill, each line's for the line fields. Only fields the client
 *   may set can be required.
 */

/** The fields that can be required to finish: every field a client may set that holds a value (`split` is a permission, not a value). */
export const FINISH_FIELDS = [...LINE_FIELDS, 'memo', 'attachments'] as const satisfies readonly ClientEditableField[];
export type FinishField = (typeof FINISH_FIELDS)[number];

/** The fields that live on each line of a transaction (the rest, memo and attachments, belong to the transaction). */
export const LINE_FINISH_FIELDS = LINE_FIELDS satisfies readonly FinishField[];
export type LineFinishField = LineField;

export const finishRule = z.object({
  category_or_explanation: z.boolean({ error: messages.notValid('Category or explanation') }),
  required: z
    .array(z.enum(FINISH_FIELDS, { error: messages.notValid('Required to finish') }), { error: messages.notValid('Required to finish') })
    .max(FINISH_FIELDS.length),
});
export type FinishRule = z.infer<typeof finishRule>;

/** Every company's rule until the accountant changes it (new companies, and existing ones through their migration). */
export const DEFAULT_FINISH_RULE: FinishRule = { category_or_explanation: true, required: [] };

/** The accountant's own bar, when they mark a transaction done or publish it: a category on every line. */
export const ACCOUNTANT_FINISH_RULE: FinishRule = { category_or_explanation: false, required: ['category'] };

/** The fields any of which tells the accountant what a transaction was. */
const EXPLANATION_FIELDS = ['category', 'memo', 'attachments'] as const satisfies readonly FinishField[];

/**
 * The rule a client is actually held to: nothing they may not set is required of them. The "tell us
 * what this was" part applies when they may set at least one of category, memo and attachments, and
 * is moot when one of those is required outright (filling it tells what the transaction was).
 */
export const clientFinishRule = (rule: FinishRule, editable: readonly ClientEditableField[]): FinishRule => {
  const required = FINISH_FIELDS.filter((field) => rule.required.includes(field) && editable.includes(field));
  const explainable = EXPLANATION_FIELDS.some((field) => editable.includes(field));
  const explainedByRequired = EXPLANATION_FIELDS.some((field) => required.includes(field));
  return { category_or_explanation: rule.category_or_explanation && explainable && !explainedByRequired, required };
};

/**
 * "Tell us what this was", with the ways this client has of doing it: the hint the editor shows and
 * the server's refusal when none was taken.
 */
export const explanationHint = (editable: readonly ClientEditableField[]): string => {
  const ways = [
    editable.includes('category') ? 'choose a category for every line' : null,
    editable.includes('memo') ? 'write a memo' : null,
    editable.includes('attachments') ? 'add an attachment' : null,
  ].filter((way): way is string => way !== null);
  const said = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : (ways[0] ?? 'your accountant will categorize it');
  return `Tell us what this was: ${said}.`;
};
