import { taxOn } from './money.js';
import { findAccount, findTaxRate, ratePercent, resolveTracking } from './resolve.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject } from './types.js';

export type LineAmountTypes = 'Exclusive' | 'Inclusive' | 'NoTax';
const LINE_AMOUNT_TYPES: readonly string[] = ['Exclusive', 'Inclusive', 'NoTax'];

export interface LinesResult {
  lines: JsonObject[];
  totals: { SubTotal: number; TotalTax: number; Total: number };
  errors: string[];
}

const cents = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/**
 * Checks and completes a document's lines (amounts already in cents): the account and tax type
 * must exist, at most two tracking entries that exist, LineAmount = Quantity × UnitAmount less
 * any discount, tax worked out from the rate unless given; then the document's totals for its
 * LineAmountTypes. Journal lines carry signed amounts and no quantities.
 */
export function normalizeLines(store: OrgStore, raw: unknown, amountTypes: string, journal: boolean): LinesResult {
  const errors: string[] = [];
  if (!LINE_AMOUNT_TYPES.includes(amountTypes)) errors.push(`LineAmountTypes must be one of ${LINE_AMOUNT_TYPES.join(', ')}`);
  const inclusive = amountTypes === 'Inclusive';
  const lines = (Array.isArray(raw) ? raw : []).filter(isJsonObject).map((line) => {
    const out: JsonObject = { ...line, LineItemID: typeof line.LineItemID === 'string' ? line.LineItemID : store.newId() };
    if (journal) delete out.LineItemID;
    let amount = cents(line.LineAmount);
    if (!journal) {
      const quantity = typeof line.Quantity === 'number' ? line.Quantity : 1;
      const unit = cents(line.UnitAmount);
      const discount = typeof line.DiscountRate === 'number' ? line.DiscountRate : 0;
      out.Quantity = quantity;
      if (unit !== undefined) {
        const expected = Math.round(quantity * unit * (1 - discount / 100));
        if (amount !== undefined && Math.abs(amount - expected) > 1) {
          errors.push(`The line total ${(amount / 100).toFixed(2)} does not match the expected line total ${(expected / 100).toFixed(2)}`);
        }
        amount ??= expected;
      } else if (amount !== undefined) {
        out.UnitAmount = quantity === 0 ? 0 : Math.round(amount / quantity);
      }
    }
    if (amount === undefined) {
      errors.push('Each line needs a LineAmount or a UnitAmount');
      amount = 0;
    }
    out.LineAmount = amount;
    const hasAccount = line.AccountCode !== undefined || line.AccountID !== undefined;
    const account = hasAccount ? findAccount(store, line) : undefined;
    if (hasAccount && (!account || account.fields.Status !== 'ACTIVE')) {
      errors.push(`Account code '${String(line.AccountCode ?? line.AccountID)}' is not a valid code for this document.`);
    } else if (account) {
      out.AccountCode = account.fields.Code ?? null;
      out.AccountID = account.id;
    } else if (journal) {
      errors.push('Each journal line needs an AccountCode or AccountID');
    }
    const taxType = typeof line.TaxType === 'string' ? line.TaxType : typeof account?.fields.TaxType === 'string' ? account.fields.TaxType : 'NONE';
    const rate = findTaxRate(store, taxType);
    if (!rate || rate.fields.Status !== 'ACTIVE') errors.push(`The TaxType code '${taxType}' does not exist or cannot be used for this type of transaction.`);
    out.TaxType = taxType;
    const givenTax = cents(line.TaxAmount);
    out.TaxAmount = amountTypes === 'NoTax' ? 0 : (givenTax ?? taxOn(amount, ratePercent(rate), inclusive));
    const tracking = Array.isArray(line.Tracking) ? line.Tracking : [];
    if (tracking.length > 2) errors.push('A line item can have at most 2 tracking categories');
    out.Tracking = tracking.flatMap((entry) => {
      const match = resolveTracking(store, entry);
      if (match.error) errors.push(match.error);
      return match.entry ? [match.entry] : [];
    });
    return out;
  });

  const sumLines = lines.reduce((sum, line) => sum + (cents(line.LineAmount) ?? 0), 0);
  const totalTax = lines.reduce((sum, line) => sum + (cents(line.TaxAmount) ?? 0), 0);
  const subTotal = inclusive ? sumLines - totalTax : sumLines;
  return { lines, totals: { SubTotal: subTotal, TotalTax: totalTax, Total: subTotal + totalTax }, errors };
}

/** A client that sends totals must send the ones its lines add up to. */
export function checkGivenTotals(item: JsonObject, totals: LinesResult['totals']): string[] {
  const errors: string[] = [];
  for (const key of ['SubTotal', 'TotalTax', 'Total'] as const) {
    const given = cents(item[key]);
    if (given !== undefined && given !== totals[key]) {
      errors.push(`The ${key} ${(given / 100).toFixed(2)} does not equal the sum of the lines ${(totals[key] / 100).toFixed(2)}.`);
    }
  }
  return errors;
}

/**
 * An object edited inside Xero (the control API's edits): Xero's own screens work a document's
 * tax and totals out again from its lines whenever the lines or their amount type change, with
 * the same rules as the API (a line without a tax type takes its account's). Nothing is refused:
 * an edit there is not validated here. Journals carry no totals.
 */
export function withWorkedTotals(store: OrgStore, lineField: 'LineItems' | 'JournalLines' | undefined, fields: JsonObject, edited: JsonObject): JsonObject {
  if (lineField !== 'LineItems' || !Array.isArray(fields.LineItems)) return fields;
  if (edited.LineItems === undefined && edited.LineAmountTypes === undefined) return fields;
  const amountTypes = typeof fields.LineAmountTypes === 'string' ? fields.LineAmountTypes : 'Exclusive';
  // Lines left as they were keep no tax of their old amount type: it is worked out for the new one.
  const given = edited.LineItems === undefined ? fields.LineItems.filter(isJsonObject).map(({ TaxAmount: _tax, ...line }) => line) : fields.LineItems;
  const { lines, totals } = normalizeLines(store, given, amountTypes, false);
  const paid = typeof fields.AmountPaid === 'number' ? { AmountDue: totals.Total - fields.AmountPaid } : {};
  return { ...fields, LineAmountTypes: amountTypes, LineItems: lines, ...totals, ...paid };
}
