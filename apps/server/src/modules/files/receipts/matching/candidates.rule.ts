import { EXCHANGE_TOLERANCE, MAX_TIP_SHARE, NEAR_CENTS } from './amount-part.rule.js';
import { addDays } from './dates.rule.js';
import { EARLIEST_DAYS_BEFORE, LATEST_DAYS_AFTER } from './date-part.rule.js';
import { toCents } from './money.rule.js';
import type { ReceiptToMatch, ScoreOptions } from './score.rule.js';

/**
 * Which transactions are worth scoring for a receipt: the charges whose amount and date could
 * score at all (score.rule.ts gives nothing outside these bounds), so the job reads a handful of rows
 * per receipt instead of the company's year. The job's query:
 *
 *   SELECT pk, date, amount, currency, payee, description, merchant_key
 *   FROM transactions
 *   WHERE client_company_id = $company
 *     AND amount BETWEEN $amountMin AND $amountMax        -- left out when amountMin is null
 *     AND date BETWEEN $dateFrom AND $dateTo
 *     AND type IN ('EXPENSE', 'BILL') AND status <> 'CANCELLED'
 *     AND pk NOT IN (transactions this receipt was refused for, or another receipt is matched to)
 *
 * served by an index on (client_company_id, amount, date) — the amount range is the narrow one
 * (a total to a quarter above it), the date is tested on the index entries. A foreign-currency
 * receipt without a rate has no amount bound and uses the (client_company_id, …, date) indexes
 * the lists already have. See docs/receipts.md, "Matching receipts".
 */
export interface CandidateWindow {
  dateFrom: string;
  dateTo: string;
  /** Bounds of the charge's amount, in cents of `amountCurrency`; null when the amount cannot narrow the search. */
  amountMinCents: number | null;
  amountMaxCents: number | null;
  amountCurrency: string;
}

/** `homeCurrency`: the currency of the company's charges, the receipt's when it names none. */
export const candidateWindow = (receipt: Pick<ReceiptToMatch, 'date' | 'total' | 'currency'>, homeCurrency: string, options: ScoreOptions = {}): CandidateWindow => {
  const dates = { dateFrom: addDays(receipt.date, -EARLIEST_DAYS_BEFORE), dateTo: addDays(receipt.date, LATEST_DAYS_AFTER) };
  const cents = toCents(receipt.total);
  const home = homeCurrency.toUpperCase();
  const currency = receipt.currency?.trim().toUpperCase() || home;
  if (currency === home) {
    return { ...dates, amountMinCents: cents - NEAR_CENTS, amountMaxCents: Math.max(cents + NEAR_CENTS, Math.floor(cents * (1 + MAX_TIP_SHARE))), amountCurrency: home };
  }
  const converted = options.convert?.(cents, currency, home, receipt.date) ?? null;
  if (converted === null) return { ...dates, amountMinCents: null, amountMaxCents: null, amountCurrency: home };
  return {
    ...dates,
    amountMinCents: Math.floor(converted * (1 - EXCHANGE_TOLERANCE)),
    amountMaxCents: Math.ceil(converted * (1 + EXCHANGE_TOLERANCE)),
    amountCurrency: home,
  };
};
