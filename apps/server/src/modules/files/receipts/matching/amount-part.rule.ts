import { formatMoney } from './money.rule.js';

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

/** How the amounts fit, before any words: what the score counts (`amountPoints`) and the words explain (`amountPart`). */
export type AmountFitKind = 'NO_RATE' | 'EXCHANGED' | 'EXCHANGE_DIFFERS' | 'EXACT' | 'NEAR' | 'TIP' | 'DIFFERS';

/** How far a charge is from the receipt's total converted at the day's rate, as a share of it. */
const exchangeApart = (chargeCents: number, convertedCents: number) => Math.abs(chargeCents - convertedCents) / Math.max(convertedCents, 1);

/** Plain numbers in, a word out: the company's run asks this millions of times and must not make garbage doing it. */
export const amountFitKind = (
  receiptCents: number,
  receiptCurrency: string,
  chargeCents: number,
  chargeCurrency: string,
  convertedCents: number | null,
): AmountFitKind => {
  if (receiptCurrency !== chargeCurrency) {
    if (convertedCents === null) return 'NO_RATE';
    return exchangeApart(chargeCents, convertedCents) <= EXCHANGE_TOLERANCE ? 'EXCHANGED' : 'EXCHANGE_DIFFERS';
  }
  const diff = chargeCents - receiptCents;
  if (diff === 0) return 'EXACT';
  if (Math.abs(diff) <= NEAR_CENTS) return 'NEAR';
  if (diff > 0 && diff <= receiptCents * MAX_TIP_SHARE) return 'TIP';
  return 'DIFFERS';
};

export const POINTS_OF_FIT: Record<AmountFitKind, number> = { ...AMOUNT_POINTS, NO_RATE: 0, EXCHANGE_DIFFERS: 0, DIFFERS: 0 };

export const amountPart = (input: AmountInput): { points: number; words: string } => {
  const { receiptCents, receiptCurrency, chargeCents, chargeCurrency, convertedCents } = input;
  const kind = amountFitKind(receiptCents, receiptCurrency, chargeCents, chargeCurrency, convertedCents);
  const points = POINTS_OF_FIT[kind];
  const receipt = formatMoney(receiptCents, receiptCurrency);
  const charge = formatMoney(chargeCents, chargeCurrency);
  const diff = chargeCents - receiptCents;
  const about = () => formatMoney(convertedCents!, chargeCurrency);
  switch (kind) {
    case 'NO_RATE':
      return { points, words: `amounts not compared: receipt ${receipt}, charge ${charge}, no exchange rate` };
    case 'EXCHANGED':
      return { points, words: `receipt ${receipt} is about ${about()}, charge ${charge} (${percent(exchangeApart(chargeCents, convertedCents!))} apart)` };
    case 'EXCHANGE_DIFFERS':
      return { points, words: `amount differs: receipt ${receipt} is about ${about()}, charge ${charge}` };
    case 'EXACT':
      return { points, words: `amount matches exactly (${receipt})` };
    case 'NEAR': {
      const cents = Math.abs(diff) === 1 ? '1 cent' : `${Math.abs(diff)} cents`;
      return { points, words: `amount ${cents} apart (receipt ${receipt}, charge ${charge})` };
    }
    case 'TIP':
      return { points, words: `charge ${charge} is ${formatMoney(diff, chargeCurrency)} (${percent(diff / receiptCents)}) above the receipt's ${receipt}, as a tip` };
    case 'DIFFERS':
      return { points, words: `amount differs: receipt ${receipt}, charge ${charge}` };
  }
};
