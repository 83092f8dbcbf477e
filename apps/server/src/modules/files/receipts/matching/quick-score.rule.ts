import { amountFitKind, POINTS_OF_FIT } from './amount-part.rule.js';
import { dayNumber } from './dates.rule.js';
import { datePoints } from './date-part.rule.js';
import { MAX_SUGGESTIONS, SUGGESTION_SCORE, type Candidate } from './decide.rule.js';
import { toCents } from './money.rule.js';
import {
  currencyPoints,
  receiptCurrencyOf,
  scoreCandidate,
  totalOf,
  vendorPoints,
  type CandidateTransaction,
  type ReceiptToMatch,
  type ScoreOptions,
} from './score.rule.js';
import { keySimilarity, vendorKeyOf, vendorKeyOfTransaction } from './vendor-similarity.rule.js';

/**
 * The score of score.rule.ts as a number alone, for the company's run: it weighs some two hundred
 * charges per receipt (the amount window reaches a quarter above the total, for tips) and keeps
 * a handful. Building the words of every pairing (money formatted, vendors quoted) and reading
 * every charge's vendor again was most of its time, so the charges are read once
 * (`prepareCharge`: day, cents, vendor key), the receipt once (`prepareReceipt`), vendor pairs
 * are compared once (vendor-similarity.rule.ts keeps them), and the words written only for the charges worth showing
 * (`rankCandidates`). Same parts, same rounding, same sum: the number is the one `scoreCandidate`
 * gives (quick-score.test.ts holds them together).
 */
export interface PreparedCharge<T extends CandidateTransaction = CandidateTransaction> {
  txn: T;
  day: number;
  cents: number;
  /** Upper case. */
  currency: string;
  vendorKey: string;
}

export const prepareCharge = <T extends CandidateTransaction>(txn: T): PreparedCharge<T> => ({
  txn,
  day: dayNumber(txn.date),
  cents: toCents(txn.amount),
  currency: txn.currency.toUpperCase(),
  vendorKey: vendorKeyOfTransaction(txn),
});

export interface PreparedReceipt {
  receipt: ReceiptToMatch;
  day: number;
  cents: number;
  currency: string | null;
  /** Null when no vendor was read: the vendor then counts nothing. */
  vendorKey: string | null;
}

export const prepareReceipt = (receipt: ReceiptToMatch): PreparedReceipt => ({
  receipt,
  day: dayNumber(receipt.date),
  cents: toCents(receipt.total),
  currency: receiptCurrencyOf(receipt),
  vendorKey: receipt.vendor.trim() === '' ? null : vendorKeyOf(receipt.vendor),
});

export const quickScore = (r: PreparedReceipt, c: PreparedCharge, options: ScoreOptions = {}): number => {
  const from = r.currency ?? c.currency;
  const converted = from === c.currency ? null : (options.convert?.(r.cents, from, c.currency, r.receipt.date) ?? null);
  const amount = POINTS_OF_FIT[amountFitKind(r.cents, from, c.cents, c.currency, converted)];
  const vendor = r.vendorKey === null ? 0 : vendorPoints(keySimilarity(r.vendorKey, c.vendorKey));
  return totalOf(amount, datePoints(c.day - r.day), vendor, currencyPoints(r.currency, c.currency));
};

/**
 * The best charges for the receipt, at most `keep` (`decideMatch` needs the best, the runner-up
 * and the suggestions after them), ranked as it ranks them (score, then pk) among those worth a
 * person's look, and only these scored in full with their words. Charges that may not be
 * offered are left out by `isOpen` first, so they take no place.
 */
export const rankCandidates = <T extends CandidateTransaction>(
  receipt: PreparedReceipt,
  charges: Iterable<PreparedCharge<T>>,
  options: ScoreOptions = {},
  /** False for a charge that may not be offered (refused, or another receipt's). */
  isOpen: (charge: PreparedCharge<T>) => boolean = () => true,
  keep = MAX_SUGGESTIONS + 1,
): Candidate[] => {
  const worth: { score: number; charge: PreparedCharge<T> }[] = [];
  for (const charge of charges) {
    if (!isOpen(charge)) continue;
    const score = quickScore(receipt, charge, options);
    if (score >= SUGGESTION_SCORE) worth.push({ score, charge });
  }
  worth.sort((a, b) => b.score - a.score || a.charge.txn.pk - b.charge.txn.pk);
  return worth.slice(0, keep).map(({ charge }) => ({ pk: charge.txn.pk, ...scoreCandidate(receipt.receipt, charge.txn, options) }));
};
