import { amountPart } from './amount-part.rule.js';
import { dayNumber } from './dates.rule.js';
import { datePart } from './date-part.rule.js';
import { toCents } from './money.rule.js';
import { compareVendors } from './vendor-similarity.rule.js';

/**
 * How well one transaction fits one receipt, from 0 to 1, with the reason for every point in
 * words a person reads beside the suggestion: "amount matches exactly (45.00 USD), 2 days apart,
 * vendor "Amazon.com" ~ "AMZN Mktp US*2K4L09XY2", both in USD". Pure: the receipt job reads the
 * candidates (candidates.rule.ts) and decides (decide.rule.ts).
 *
 * Points: amount up to 0.45, date 0.2, vendor 0.3, currency 0.05. A charge that agrees on all
 * four scores 1; one with no vendor agreement scores at most 0.7, below the automatic match.
 */
export type ScorePartKind = 'AMOUNT' | 'DATE' | 'VENDOR' | 'CURRENCY';

export interface ScorePart {
  kind: ScorePartKind;
  points: number;
  words: string;
}

export interface ScoredCandidate {
  score: number;
  parts: ScorePart[];
}

export interface ReceiptToMatch {
  /** As read from the receipt; '' when it could not be read. */
  vendor: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The total paid, as a decimal ("45.00"). */
  total: string | number;
  /** ISO code; null when the receipt does not say (taken as the charge's). */
  currency: string | null;
}

export interface CandidateTransaction {
  pk: number;
  date: string;
  /** Always positive, as stored. */
  amount: string | number;
  currency: string;
  payee: string;
  description: string;
  /** The stored merchant key (docs/suggestions.md); null while the suggestion job has not read it. */
  merchantKey: string | null;
}

export interface ScoreOptions {
  /** The receipt's total in another currency, at the rate of its date; null when no rate is known. */
  convert?: (cents: number, from: string, to: string, date: string) => number | null;
}

export const VENDOR_POINTS = 0.3;
export const CURRENCY_POINTS = 0.05;

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 39).trimEnd()}…` : text}"`;

/** Vendors this alike are the same merchant; below `VENDOR_ALIKE` the vendor counts nothing. */
const VENDOR_SAME = 0.95;
const VENDOR_ALIKE = 0.6;

/** The vendor's points for a similarity (vendor-similarity.rule.ts), before rounding. */
export const vendorPoints = (similarity: number): number => (similarity >= VENDOR_SAME ? VENDOR_POINTS : similarity >= VENDOR_ALIKE ? VENDOR_POINTS * similarity : 0);

const vendorPart = (vendor: string, txn: CandidateTransaction): ScorePart => {
  const shown = (txn.payee.trim() || txn.description).trim();
  if (vendor.trim() === '') return { kind: 'VENDOR', points: 0, words: 'no vendor read on the receipt' };
  const { similarity } = compareVendors(vendor, txn);
  const points = vendorPoints(similarity);
  const pair = `${quoted(vendor.trim())} ~ ${quoted(shown)}`;
  if (similarity >= VENDOR_SAME) return { kind: 'VENDOR', points, words: `same vendor: ${pair}` };
  if (similarity >= VENDOR_ALIKE) return { kind: 'VENDOR', points, words: `vendor ${pair}` };
  return { kind: 'VENDOR', points, words: `vendor differs: ${quoted(vendor.trim())}, charge ${quoted(shown)}` };
};

/** A receipt without a currency is taken to be in the charge's. */
export const currencyPoints = (receiptCurrency: string | null, chargeCurrency: string): number =>
  receiptCurrency === null || receiptCurrency === chargeCurrency ? CURRENCY_POINTS : 0;

const currencyPart = (receiptCurrency: string | null, chargeCurrency: string): ScorePart => {
  const points = currencyPoints(receiptCurrency, chargeCurrency);
  if (receiptCurrency === null) return { kind: 'CURRENCY', points, words: `no currency on the receipt, taken as ${chargeCurrency}` };
  return receiptCurrency === chargeCurrency
    ? { kind: 'CURRENCY', points, words: `both in ${chargeCurrency}` }
    : { kind: 'CURRENCY', points, words: `receipt in ${receiptCurrency}, charge in ${chargeCurrency}` };
};

/** The receipt's currency as the score reads it: upper case, null when it names none. */
export const receiptCurrencyOf = (receipt: Pick<ReceiptToMatch, 'currency'>): string | null =>
  receipt.currency === null || receipt.currency.trim() === '' ? null : receipt.currency.trim().toUpperCase();

const roundPoints = (n: number) => Math.round(n * 1000) / 1000;
/** Points as the score adds them: each part rounded, the sum kept between 0 and 1 and rounded again. */
export const totalOf = (amount: number, date: number, vendor: number, currency: number) =>
  roundPoints(Math.min(1, Math.max(0, roundPoints(amount) + roundPoints(date) + roundPoints(vendor) + roundPoints(currency))));

export const scoreCandidate = (receipt: ReceiptToMatch, txn: CandidateTransaction, options: ScoreOptions = {}): ScoredCandidate => {
  const chargeCurrency = txn.currency.toUpperCase();
  const receiptCurrency = receiptCurrencyOf(receipt);
  const receiptCents = toCents(receipt.total);
  const from = receiptCurrency ?? chargeCurrency;
  const amount = amountPart({
    receiptCents,
    receiptCurrency: from,
    chargeCents: toCents(txn.amount),
    chargeCurrency,
    convertedCents: from === chargeCurrency ? null : (options.convert?.(receiptCents, from, chargeCurrency, receipt.date) ?? null),
  });
  const parts: ScorePart[] = [
    { kind: 'AMOUNT' as const, ...amount },
    { kind: 'DATE' as const, ...datePart(dayNumber(txn.date) - dayNumber(receipt.date)) },
    vendorPart(receipt.vendor, txn),
    currencyPart(receiptCurrency, chargeCurrency),
  ].map((p) => ({ ...p, points: roundPoints(p.points) }));
  const [byAmount, byDate, byVendor, byCurrency] = parts.map((p) => p.points) as [number, number, number, number];
  return { score: totalOf(byAmount, byDate, byVendor, byCurrency), parts };
};

/** The parts in one sentence, for a list or a tooltip. */
export const describeScore = (scored: ScoredCandidate): string => scored.parts.map((p) => p.words).join(', ');
