import {
  ACCOUNTANT_FINISH_RULE,
  CLIENT_EDITABLE_FIELD_LABELS,
  clientFinishRule,
  clientReceiptRule,
  explanationHint,
  messages,
  receiptNeededMessage,
  type ClientEditableField,
  type FinishRule,
  type LineFinishField,
  type TransactionType,
} from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { activeTrackingCategoryCount, hasActiveClassesAndLocations } from './finish-rule.queries.js';
import type { FieldErrors, NewLine } from './lines.rule.js';
import { needsReceipt } from './ask-rules.rule.js';

const LINE_COLUMNS: Record<LineFinishField, keyof NewLine> = {
  category: 'categoryId',
  vendor: 'vendorId',
  customer: 'customerId',
  class: 'classId',
  location: 'locationId',
  tax: 'taxId',
  tracking_option_one: 'trackingOptionOneId',
  tracking_option_two: 'trackingOptionTwoId',
  billable: 'billable',
};

/** What one side must have filled to mark a transaction done, and what of it that person can see. */
export interface FinishBar {
  rule: FinishRule;
  editable: readonly ClientEditableField[] | 'all';
  /** The tracking categories the editor shows (0–2): a tracking field beyond them is not on screen, so not required. */
  trackingCategories: number;
  /**
   * Whether the ledger has a class, a location to choose: a ledger without them (Xero) or a company
   * that has none never holds a client to them, even under a rule set before it was connected.
   */
  classes: boolean;
  locations: boolean;
  /** The client's receipt rule: a transaction above this amount needs an attachment to be finished (null: none does). */
  receiptAbove: string | null;
}

/**
 * A client (or an accountant in the client's view) is held to the company's rule, limited to what
 * they may set; the accountant marking done to a category on every line.
 */
export const finishBarOf = async (db: Db, scope: CompanyAccess): Promise<FinishBar> => {
  if (scope.side === 'accountant' || scope.editable === 'all')
    return { rule: ACCOUNTANT_FINISH_RULE, editable: 'all', trackingCategories: 2, classes: true, locations: true, receiptAbove: null };
  const rule = clientFinishRule(scope.company.finishRule, scope.editable);
  const tracked = rule.required.some((field) => field === 'tracking_option_one' || field === 'tracking_option_two');
  const listed = rule.required.some((field) => field === 'class' || field === 'location');
  return {
    rule,
    editable: scope.editable,
    receiptAbove: clientReceiptRule(scope.company.askRules, scope.editable),
    trackingCategories: tracked ? await activeTrackingCategoryCount(db, scope.company.pk) : 0,
    ...(listed ? await hasActiveClassesAndLocations(db, scope.company.pk) : { classes: false, locations: false }),
  };
};

/** A transaction as it would stand after the write. */
export interface Answer {
  type: TransactionType;
  amount: string;
  lines: NewLine[];
  memo: string;
  hasAttachment: boolean;
}

/** Whether the editor shows this line field for this transaction: vendors on costs, customers on sales, tracking, classes and locations the ledger has. */
const onScreen = (field: LineFinishField, answer: Answer, bar: FinishBar) => {
  if (field === 'vendor') return answer.type !== 'DEPOSIT';
  if (field === 'customer') return answer.type === 'DEPOSIT';
  if (field === 'tracking_option_one') return bar.trackingCategories >= 1;
  if (field === 'tracking_option_two') return bar.trackingCategories >= 2;
  if (field === 'class') return bar.classes;
  if (field === 'location') return bar.locations;
  return true;
};

/** Adds a field error for each thing the bar asks for that the answer lacks, each line's under its own key. */
export const checkFinishable = (answer: Answer, bar: FinishBar, errors: FieldErrors): void => {
  const may = (field: ClientEditableField) => bar.editable === 'all' || bar.editable.includes(field);
  const explained = answer.memo.trim() !== '' || answer.hasAttachment;
  for (const field of bar.rule.required) {
    if (field === 'memo') {
      if (answer.memo.trim() === '') errors.add('client_memo', messages.required('Memo'));
    } else if (field === 'attachments') {
      if (!answer.hasAttachment) errors.add('attachments', messages.required('An attachment'));
    } else if (onScreen(field, answer, bar)) {
      answer.lines.forEach((line, i) => {
        if (line[LINE_COLUMNS[field]] === null) errors.add(`lines.${i}.${field}`, messages.required(CLIENT_EDITABLE_FIELD_LABELS[field]));
      });
    }
  }
  if (bar.receiptAbove !== null && needsReceipt(bar.receiptAbove, answer) && !answer.hasAttachment) errors.add('attachments', receiptNeededMessage(bar.receiptAbove));
  if (!bar.rule.category_or_explanation || explained || answer.lines.every((line) => line.categoryId !== null)) return;
  // Said on every field that would do, so the client sees it wherever they look.
  const hint = explanationHint(bar.editable === 'all' ? ['category', 'memo', 'attachments'] : bar.editable);
  if (may('category')) answer.lines.forEach((line, i) => line.categoryId === null && errors.add(`lines.${i}.category`, hint));
  if (may('memo')) errors.add('client_memo', hint);
  if (may('attachments')) errors.add('attachments', hint);
};
