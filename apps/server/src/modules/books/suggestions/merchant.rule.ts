import { CITY_WORDS, LOCATION_CODES } from './merchant-places.rule.js';

/**
 * Recognises the merchant in a bank's text for a card or ACH line, so that
 * "POS 4411 ADOBE *CREATIVE CLD 408-536-6000 CA" and "ADOBE *CREATIVE CLD
 * ADOBE.LY/ENUS" are the same merchant. Pure and deterministic: the key is
 * stored beside each transaction and compared across a firm's companies, so a
 * change here changes which answers count as "the same merchant" (the
 * suggestion job fills keys that are missing; see docs/suggestions.md).
 */
export interface Merchant {
  /** Lowercase words, single-spaced: what answers are grouped by. */
  key: string;
  /** How people read it ("Blue Bottle Coffee"). */
  name: string;
}

/** Words a bank puts before the merchant to say how the money moved; removed from the start, repeatedly. */
const CHANNEL_PREFIXES = [
  /^PURCHASE AUTHORI[ZS]ED ON(?=\s)/,
  /^RECURRING (?:PAYMENT|PMT|DEBIT|PURCHASE)(?: AUTHORI[ZS]ED ON)?(?=\s)/,
  /^DEBIT CARD (?:PURCHASE|PMT|PAYMENT|DEBIT)(?=\s)/,
  /^(?:POS|ACH|CARD|VISA|MC|WEB|ONLINE|ELECTRONIC|PREAUTHORI[ZS]ED|PRE-AUTHORI[ZS]ED)(?: (?:PURCHASE|PMT|PAYMENT|DEBIT|CREDIT|WITHDRAWAL|TRANSFER|TRANS|TXN))?(?=\s)/,
  /^(?:CHECKCARD|CHECK CARD|DEBIT|CREDIT|PURCHASE|PMT|PAYMENT|WITHDRAWAL|DBT|CRD|SALE|RETURN|REFUND|BILL ?PAY|BILLPAY|INTL|INTERNATIONAL)(?=\s)/,
  // Person-to-person payments: the person paid is the merchant.
  /^(?:ZELLE|VENMO|CASH APP)(?: (?:PAYMENT|PMT|TRANSFER|TRANSFER))?(?: (?:TO|FROM))?(?=\s)/,
  /^(?:TO|FROM|AT|ON|FOR|TRANSFER TO|TRANSFER FROM|PAYMENT TO|PAYMENT FROM)(?=\s)/,
  /^[-#:*/.,]+/,
  // Dates, times, card and terminal numbers ahead of the merchant: "09/18", "0918", "4411", "XXXX1234".
  /^(?:\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?|[X*]*\d+[A-Z]?|X{2,}\d*)(?=\s|$)/,
];

/**
 * Payment processors that print their own name, a star and then the merchant
 * (Square "SQ *", Toast "TST*", PayPal "PAYPAL *", Shopify "SP ", …): the
 * merchant is what follows.
 */
const PROCESSOR_PREFIX = /^(?:SQ|SQU|SQUARE|TST|TOAST|PAYPAL|PP|SP|PY|IN|WPY|DNH|FS|BT|CKO|SMK|EB|LS|PAR|IC|GRUBHUB|STRIPE|2CO|FSP|ZTL|ZETTLE|CLOVER)\s?\*\s*/;

/** Words that say nothing about who was paid. */
const NOISE = new Set([
  'COM',
  'WWW',
  'HTTP',
  'HTTPS',
  'NET',
  'ORG',
  'IO',
  'INC',
  'LLC',
  'LTD',
  'CORP',
  'CO',
  'THE',
  'STORE',
  'STORES',
  'BILL',
  'BILLING',
  'HELP',
  'PMTS',
  'ID',
]);

/** Names banks spell many ways, by the key the rules above produce. */
const ALIASES: Record<string, Merchant> = {
  'amzn mktp us': { key: 'amazon', name: 'Amazon' },
  'amzn mktp': { key: 'amazon', name: 'Amazon' },
  'amazon mktplace pmts': { key: 'amazon', name: 'Amazon' },
  'amazon mktplace': { key: 'amazon', name: 'Amazon' },
  'amazon mktp': { key: 'amazon', name: 'Amazon' },
  amzn: { key: 'amazon', name: 'Amazon' },
  'amazon retail': { key: 'amazon', name: 'Amazon' },
  'amzn digital': { key: 'amazon digital', name: 'Amazon Digital' },
  aws: { key: 'amazon web services', name: 'Amazon Web Services' },
  'amazon web services': { key: 'amazon web services', name: 'Amazon Web Services' },
  'apple itunes': { key: 'apple', name: 'Apple' },
  itunes: { key: 'apple', name: 'Apple' },
  'google gsuite': { key: 'google workspace', name: 'Google Workspace' },
  'google workspace': { key: 'google workspace', name: 'Google Workspace' },
  'google g suite': { key: 'google workspace', name: 'Google Workspace' },
  'msft azure': { key: 'microsoft azure', name: 'Microsoft Azure' },
  msft: { key: 'microsoft', name: 'Microsoft' },
  wholefds: { key: 'whole foods', name: 'Whole Foods' },
  'whole foods market': { key: 'whole foods', name: 'Whole Foods' },
};

/** At most this many words make a key: past three, banks' words are almost always the place. */
const MAX_WORDS = 3;

const titleCase = (key: string) =>
  key
    .split(' ')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

const stripChannel = (text: string) => {
  let s = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const prefix of CHANNEL_PREFIXES) {
      const next = s.replace(prefix, '').trimStart();
      if (next !== s && next !== '') {
        s = next;
        changed = true;
      }
    }
    const unwrapped = s.replace(PROCESSOR_PREFIX, '');
    if (unwrapped !== s && unwrapped.trim() !== '') {
      s = unwrapped.trimStart();
      changed = true;
    }
  }
  return s;
};

/** "ADS1234567" → "ADS"; a word that is mostly a reference ("2K4L09XY2") → null; a plain word as it is. */
const wordOf = (token: string): string | null => {
  if (!/\d/.test(token)) return token;
  const lettersThenDigits = /^([A-Z]{2,})\d+$/.exec(token);
  return lettersThenDigits ? lettersThenDigits[1]! : null;
};

const tokensOf = (part: string) => part.split(/[^A-Z0-9&]+/).filter((t) => t !== '' && t !== '&');

/**
 * The merchant's words: up to the first reference, phone number or store
 * number (what follows is where and when), without noise words and without
 * the city, state or country banks append.
 */
const merchantWords = (text: string): string[] => {
  const star = text.indexOf('*');
  const words: string[] = [];
  for (const token of tokensOf(star >= 0 ? text.slice(0, star) : text)) {
    const word = wordOf(token);
    if (word === null) break;
    if (!NOISE.has(word)) words.push(word);
    if (word !== token) break;
  }
  if (star >= 0) {
    // "UBER *EATS" and "UBER *TRIP" are different purchases; "AMZN MKTP US*2K4L09XY2" names an order, not a product.
    const first = tokensOf(text.slice(star + 1)).find((t) => !words.includes(t));
    const word = first ? wordOf(first) : null;
    if (word && !NOISE.has(word) && !LOCATION_CODES.has(word) && word.length >= 2) words.push(word);
  }
  while (words.length > 1 && (LOCATION_CODES.has(words.at(-1)!) || CITY_WORDS.has(words.at(-1)!))) words.pop();
  return words;
};

export const normalizeMerchant = (text: string): Merchant | null => {
  const upper = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (upper === '') return null;
  const words = merchantWords(stripChannel(upper));
  if (words.length === 0) return null;
  const full = words.join(' ').toLowerCase();
  for (const length of [words.length, 3, 2, 1]) {
    const alias = ALIASES[words.slice(0, length).join(' ').toLowerCase()];
    if (alias) return alias;
  }
  const key = words.slice(0, MAX_WORDS).join(' ').toLowerCase();
  return { key: key || full, name: titleCase(key || full) };
};

/** The merchant of a transaction: the payee when the bank or ledger gave one, else the description. */
export const merchantOfTransaction = (t: { payee: string; description: string }): Merchant | null =>
  (t.payee.trim() !== '' ? normalizeMerchant(t.payee) : null) ?? normalizeMerchant(t.description);
