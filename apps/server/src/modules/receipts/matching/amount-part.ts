import { formatMoney } from './money.js';

/**
 * The amount's part of a receipt's score. Card charges match a receipt's total exactly, or within
 * a few cents (rounding, a reader's misread digit), or above it by a tip: a restaurant's receipt
 * is printed before the tip is written in, so the charge that posts is the total plus up to a
 * quarter. The other direction (a charge below the receipt) is a partial payment or a discount
 * and is not taken for the same purchase.
 */
export const AMOUNT_POINTS = { EXACT: 0.45, NEAR: 0.4, TIP: 0.25, EXCHANGED: 0.3 } as const;

/** "Within a few cents". */
export const NEAR_CENTS = 5;
/** The largest tip looked for, as a share of the receipt's total. */
export const MAX_TIP_SHARE = 0.25;
/** How far an amount converted at the day's rate may be from the charge: the card's exchange margin and foreign transaction fee. */
export const EXCHANGE_TOLERANCE = 0.03;

export interface AmountInput {
  receiptCents: number;
  receiptCurrency: string;
  chargeCents: number;
  chargeCurrency: string;
  /** The receipt's total in the charge's currency, when the currencies differ and a rate is known. */
  convertedCents: number | null;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export const amountPart = ({ receiptCents, receiptCurrency, chargeCents, chargeCurrency, convertedCents }: AmountInput): { points: number; words: string } => {
  const receipt = formatMoney(receiptCents, receiptCurrency);
  const charge = formatMoney(chargeCents, chargeCurrency);
  if (receiptCurrency !== chargeCurrency) {
    if (convertedCents === null) return { points: 0, words: `amounts not compared: receipt ${receipt}, charge ${charge}, no exchange rate` };
    const apart = Math.abs(chargeCents - convertedCents) / Math.max(convertedCents, 1);
    const about = formatMoney(convertedCents, chargeCurrency);
    return apart <= EXCHANGE_TOLERANCE
      ? { points: AMOUNT_POINTS.EXCHANGED, words: `receipt ${receipt} is about ${about}, charge ${charge} (${percent(apart)} apart)` }
      : { points: 0, words: `amount differs: receipt ${receipt} is about ${about}, charge ${charge}` };
  }
  const diff = chargeCents - receiptCents;
  if (diff === 0) return { points: AMOUNT_POINTS.EXACT, words: `amount matches exactly (${receipt})` };
  if (Math.abs(diff) <= NEAR_CENTS) {
    const cents = Math.abs(diff) === 1 ? '1 cent' : `${Math.abs(diff)} cents`;
    return { points: AMOUNT_POINTS.NEAR, words: `amount ${cents} apart (receipt ${receipt}, charge ${charge})` };
  }
  if (diff > 0 && diff <= receiptCents * MAX_TIP_SHARE) {
    return {
      points: AMOUNT_POINTS.TIP,
      words: `charge ${charge} is ${formatMoney(diff, chargeCurrency)} (${percent(diff / receiptCents)}) above the receipt's ${receipt}, as a tip`,
    };
  }
  return { points: 0, words: `amount differs: receipt ${receipt}, charge ${charge}` };
};
