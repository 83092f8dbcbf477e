import { formatCents } from '@herd/contract';
import type { PublishLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { XeroUnpublishableError } from './xero-unpublishable.js';
import { text, xeroCents, type XeroObject } from './xero-values.js';

/**
 * The tax type each answer line is written with. Xero gives a line sent without one the account's
 * default tax, which on a tax-exclusive object adds tax the bank never paid, so every line names
 * its own: the one the accountant or client chose; else the one of the watched line it replaces
 * (as Herd already shows on a line it pulled, so a split's new line reads like the line it was
 * split from); else, on a line Xero held without one, the account's default; else no tax.
 */
export const answerTaxTypes = (lines: PublishLine[], watched: XeroObject[], lookups: XeroLookups): string[] => {
  const replaced = heldTaxType(watched);
  return lines.map((line) => answerTaxType(line.taxExternalId, line.categoryExternalId, replaced, lookups));
};

/** The tax type Xero holds on the watched lines an answer replaces ('' when none names one). */
export const heldTaxType = (watched: XeroObject[]): string => watched.map((line) => text(line.TaxType)).find((taxType) => taxType !== '') ?? '';

/** One answer line's tax type, by the rule of `answerTaxTypes`. */
export const answerTaxType = (chosen: string | null, accountId: string, replaced: string, lookups: XeroLookups): string =>
  chosen || replaced || lookups.defaultTaxOf(accountId) || 'NONE';

/** Xero's tax on a tax-exclusive line: the rate on its amount, to the cent. */
const taxOnExclusive = (cents: number, ratePercent: number) => Math.sign(cents) * Math.round((Math.abs(cents) * ratePercent) / 100);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** An answer line as it is written: its amount in cents (a journal's signed) and its tax type. */
export interface WrittenLine {
  cents: number;
  taxType: string;
}

/** The tax the answer's lines will carry on a tax-exclusive object; null when Herd does not know a rate. */
const exclusiveTaxOf = (lines: WrittenLine[], lookups: XeroLookups): number | null => {
  const rates = lines.map((line) => lookups.taxRate(line.taxType));
  if (rates.some((rate) => rate === null)) return null;
  return sum(lines.map((line, i) => taxOnExclusive(line.cents, rates[i]!)));
};

const exclusiveRefusal = (held: number, answered: number | null) =>
  'This transaction’s amounts exclude tax in Xero and some of its lines are taxed, so this answer’s tax rates would change its total' +
  (answered === null ? '' : ` (tax of ${formatCents(answered)} where Xero has ${formatCents(held)})`) +
  '. Choose the tax rate the line has in Xero, or make the transaction tax-inclusive in Xero.';

/**
 * How the object's line amounts treat tax once answered, so that its total does not move. On an
 * object whose amounts include tax (or carry none) the total is the sum of the line amounts, which
 * the answer keeps to the cent: the type stays. On a tax-exclusive object Xero adds each line's
 * tax on top, so the type stays only when the answer's tax comes to what the replaced lines carried.
 * Otherwise the object becomes tax-inclusive when none of its lines is taxed (the answer's amounts
 * are then what the money was, and nothing else changes), and the answer is refused when one is.
 */
export const lineAmountTypesFor = (raw: XeroObject, watched: XeroObject[], others: XeroObject[], lines: WrittenLine[], lookups: XeroLookups): unknown => {
  // Quotes spell the types in capitals (EXCLUSIVE), the other objects as words (Exclusive): each keeps its own.
  const spelt = (type: 'Exclusive' | 'Inclusive') => (raw.LineAmountTypes === String(raw.LineAmountTypes).toUpperCase() ? type.toUpperCase() : type);
  if (String(raw.LineAmountTypes).toUpperCase() !== 'EXCLUSIVE') return raw.LineAmountTypes;
  const held = sum(watched.map((line) => xeroCents(line.TaxAmount)));
  const answered = exclusiveTaxOf(lines, lookups);
  if (answered === held) return spelt('Exclusive');
  const taxed = (line: XeroObject) => xeroCents(line.TaxAmount) !== 0 || (text(line.TaxType) !== '' && lookups.addsTax(text(line.TaxType)));
  if (![...watched, ...others].some(taxed)) return spelt('Inclusive');
  throw new XeroUnpublishableError(exclusiveRefusal(held, answered));
};
