import { fromCents } from './money.js';

/**
 * Money as people type and paste it: "$500.00", "1,234.56", "1 234.56", "USD 12", "12.50 EUR",
 * "(12.50)" and "12.50-" (negative). A comma before cents ("12,50") is refused, not guessed, since
 * "1,234" is a thousand. The one reader of typed money: on the web (every amount field) and on the
 * server (amount query parameters, bank CSV files), so a pasted amount is read alike wherever it lands.
 */

/** Amounts are stored as numeric(14, 2): at most twelve digits before the point. */
export const MAX_AMOUNT_CENTS = 999_999_999_999_99;

export type AmountRefusal = 'empty' | 'not-amount' | 'decimals' | 'decimal-comma' | 'grouping' | 'currency' | 'too-large';

export type AmountReading =
  | {
      ok: true;
      cents: number;
      /** As the API writes amounts: "-12.50". */
      amount: string;
      /** The currency the text named beyond doubt (a code, €, £), else null: "$" is many currencies' sign. */
      currency: string | null;
    }
  | { ok: false; reason: AmountRefusal; message: string };

const REFUSALS: Record<Exclude<AmountRefusal, 'currency'>, string> = {
  empty: 'Enter an amount.',
  'not-amount': 'Not an amount: type it like 1,234.50.',
  decimals: 'At most two decimals (cents), like 12.50.',
  'decimal-comma': 'Use a point for cents, like 12.50.',
  grouping: 'Commas group thousands, like 1,234.50.',
  'too-large': 'Too large: amounts go up to 999,999,999,999.99.',
};

const refuse = (reason: Exclude<AmountRefusal, 'currency'>): AmountReading => ({ ok: false, reason, message: REFUSALS[reason] });

// A minus sign, figure, en and em dashes, small and full-width hyphen-minus: what word processors and bank sites put for "-".
const DASHES = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g;
// A currency's sign or its ISO code, before or after the number: "$", "US$", "CA$", "€", "USD".
const LEADING_CURRENCY = /^(?:[A-Za-z]{1,2}\$|\p{Sc}|[A-Za-z]{3}(?![A-Za-z]))/u;
const TRAILING_CURRENCY = /(?:[A-Za-z]{1,2}\$|\p{Sc}|(?<![A-Za-z])[A-Za-z]{3})$/u;
// Digits, grouped by threes with one separator throughout (comma, space, apostrophe) or not at all, then up to two decimals.
const NUMBER = /^(?:(\d+)|(\d{1,3}(?:([, '’])\d{3})(?:\3\d{3})*))?(?:\.(\d{0,2}))?$/;

let knownCodes: Set<string> | null = null;
/** ISO 4217 codes this runtime knows; anything three letters long where it lists none. */
const isCurrencyCode = (code: string): boolean => {
  if (typeof Intl.supportedValuesOf !== 'function') return /^[A-Z]{3}$/.test(code);
  knownCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCodes.has(code);
};

const symbolOf = (currency: string, display: 'symbol' | 'narrowSymbol'): string | null => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: display }).formatToParts(1).find((p) => p.type === 'currency')?.value ?? null;
  } catch {
    return null;
  }
};

/** Whether a sign or code written with an amount is `currency`'s: "USD", "$" and "US$" are USD's; "CA$", "C$" and "$" CAD's. */
const isCurrencysToken = (token: string, currency: string): boolean => {
  if (token.toUpperCase() === currency) return true;
  const narrow = symbolOf(currency, 'narrowSymbol');
  if (token === narrow || token === symbolOf(currency, 'symbol')) return true;
  // A dollar written with its country's letters: the letters start the code (US$ for USD, A$ for AUD).
  return narrow === '$' && /^[A-Za-z]{1,2}\$$/.test(token) && currency.startsWith(token.slice(0, -1).toUpperCase());
};

/** The currency an amount's signs name beyond doubt: a code, or the euro's and pound's signs ("$" is many currencies'). */
const namedCurrency = (tokens: readonly string[]): string | null => {
  const code = tokens.find((token) => /^[A-Za-z]{3}$/.test(token));
  if (code !== undefined) return code.toUpperCase();
  return tokens.includes('€') ? 'EUR' : tokens.includes('£') ? 'GBP' : null;
};

type Scan = { cents: number; tokens: string[] } | { reason: Exclude<AmountRefusal, 'currency' | 'too-large'> };

const isCode = (token: string) => /^[A-Za-z]{3}$/.test(token);

/** The sign, the currency and the number of typed money, peeled from either end; any size. */
const scan = (text: string): Scan => {
  let rest = text.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, ' ').trim();
  if (rest === '') return { reason: 'empty' };
  let signs = 0;
  let negative = false;
  const tokens: string[] = [];
  for (;;) {
    rest = rest.trim();
    const paren = /^\((.*)\)$/.exec(rest);
    const currency = LEADING_CURRENCY.exec(rest) ?? TRAILING_CURRENCY.exec(rest);
    if (paren) {
      rest = paren[1] ?? '';
      negative = true;
      signs += 1;
    } else if (/^[-+]/.test(rest)) {
      negative = rest.startsWith('-');
      rest = rest.slice(1);
      signs += 1;
    } else if (rest.endsWith('-')) {
      negative = true;
      rest = rest.slice(0, -1);
      signs += 1;
    } else if (currency) {
      tokens.push(currency[0]);
      rest = currency.index === 0 ? rest.slice(currency[0].length) : rest.slice(0, currency.index);
    } else break;
  }
  // One sign at most ("--5", "-(5)" and "+5-" are not amounts); a code must be a currency's ("12 abc" is not one), and
  // a sign and a code together must agree ("$12.50 USD", not "€12.50 USD").
  if (signs > 1 || tokens.length > 2) return { reason: 'not-amount' };
  const code = tokens.find(isCode)?.toUpperCase();
  const sign = tokens.find((token) => !isCode(token));
  if (tokens.length === 2 && (code === undefined || sign === undefined)) return { reason: 'not-amount' };
  if (code !== undefined && (!isCurrencyCode(code) || (sign !== undefined && !isCurrencysToken(sign, code)))) return { reason: 'not-amount' };
  const number = NUMBER.exec(rest);
  if (!number || (number[1] === undefined && number[2] === undefined && !number[4])) return { reason: whyNotANumber(rest) };
  const whole = (number[1] ?? number[2] ?? '0').replace(/\D/g, '') || '0';
  const cents = Number(whole) * 100 + Number((number[4] ?? '').padEnd(2, '0'));
  return { cents: negative && cents !== 0 ? -cents : cents, tokens };
};

/** What is wrong with digits that are not an amount, for the person to fix it. */
const whyNotANumber = (rest: string): Exclude<AmountRefusal, 'currency' | 'too-large' | 'empty'> => {
  if (/^\d{1,3}([, '’]?\d{3})*\.\d{3,}$/.test(rest) || /^\d+\.\d{3,}$/.test(rest)) return 'decimals';
  // "12,50" and "1.234,56": how much of Europe writes cents. Refused, not guessed: "1,234" is a thousand here.
  if (/^\d+,\d{1,2}$/.test(rest) || /^\d{1,3}([. '’]\d{3})*,\d{1,2}$/.test(rest)) return 'decimal-comma';
  if (/^\d[\d,]*(\.\d{0,2})?$/.test(rest)) return 'grouping';
  return 'not-amount';
};

/**
 * Cents of typed money, of any size (a bank file's row is refused by its own words when too large);
 * null when it is not an amount.
 */
export const typedCents = (text: string): number | null => {
  const read = scan(text);
  return 'cents' in read ? read.cents : null;
};

/**
 * Typed or pasted money, read: its cents and the API's form of it, or why it is not an amount in
 * words to show the person. With `currency` (the transaction's or receipt's), an amount written in
 * another currency ("€12" on a USD line) is refused rather than taken as dollars.
 */
export const readTypedAmount = (text: string | null | undefined, expected: { currency?: string | null } = {}): AmountReading => {
  const read = scan(text ?? '');
  if ('reason' in read) return refuse(read.reason);
  const currency = expected.currency?.toUpperCase() || null;
  const foreign = currency === null ? undefined : read.tokens.find((token) => !isCurrencysToken(token, currency));
  if (foreign !== undefined) return { ok: false, reason: 'currency', message: `Amounts here are in ${currency}, not ${foreign}.` };
  if (Math.abs(read.cents) > MAX_AMOUNT_CENTS) return refuse('too-large');
  return { ok: true, cents: read.cents, amount: fromCents(read.cents), currency: currency ?? namedCurrency(read.tokens) };
};
