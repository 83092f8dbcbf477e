import { merchantOfTransaction, normalizeMerchant } from '../../suggestions/merchant.js';
import { canonicalVendorKey } from './vendor-aliases.js';

/**
 * How alike the vendor printed on a receipt and the payee of a charge are, from 0 (nothing in
 * common) to 1 (the same merchant). Both texts go through the suggestions' merchant normaliser
 * (`normalizeMerchant`, so "POS 4411 ADOBE *CREATIVE CLD" and "Adobe Creative Cloud" read
 * alike) and the receipt aliases; what still differs is compared by words and by trigrams, which
 * forgive a reader's typo ("Starbcks") and a bank's abbreviation ("WHOLEFDS", "AMZN").
 */

/**
 * A pure function's answers kept for the texts seen last: the job scores each receipt against
 * dozens of charges of a few merchants, and the merchant rules are the costly part.
 */
const memo = <R>(limit: number, compute: (key: string) => R) => {
  const cache = new Map<string, R>();
  return (key: string): R => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
    return value;
  };
};

/** Merchant key of free text: the normaliser's, or its plain words when it finds none ("7-Eleven"). */
export const vendorKeyOf = memo(10_000, (text: string): string => {
  const key = normalizeMerchant(text)?.key;
  if (key) return canonicalVendorKey(key);
  const words: string[] = [];
  for (const word of text
    .toLowerCase()
    .replace(/[^a-z0-9& ]+/g, ' ')
    .split(/\s+/)) {
    if (word === '') continue;
    // What follows a store or reference number ("7-ELEVEN 34567 AUSTIN TX") is where, not who.
    if (words.length > 0 && /\d/.test(word)) break;
    words.push(word);
  }
  return words.length === 0 ? '' : canonicalVendorKey(words.slice(0, 3).join(' '));
});

const canonicalKey = memo(10_000, canonicalVendorKey);

/** The key a charge is compared by: its stored merchant key when the job has read one, else read now. */
export const vendorKeyOfTransaction = (t: { payee: string; description: string; merchantKey: string | null }): string => {
  if (t.merchantKey) return canonicalKey(t.merchantKey);
  if (t.merchantKey === null) {
    const key = merchantOfTransaction(t)?.key;
    if (key) return canonicalVendorKey(key);
  }
  return vendorKeyOf(t.payee.trim() !== '' ? t.payee : t.description);
};

/**
 * Longer names whose first word is another, well-known business's whole name: "Amazon" on a
 * receipt is not an Amazon Web Services charge, "Delta" not Delta Dental.
 */
const OTHER_BUSINESS = new Set(['amazon web services', 'amazon digital', 'microsoft azure', 'delta dental', 'delta dental of']);

const compact = (key: string) => key.replace(/[^a-z0-9]/g, '');

/** Dice coefficient of the two words' trigrams, each padded so first and last letters count. */
const trigramDice = (a: string, b: string): number => {
  const grams = (s: string) => {
    const padded = `  ${s} `;
    const out = new Map<string, number>();
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = padded.slice(i, i + 3);
      out.set(g, (out.get(g) ?? 0) + 1);
    }
    return out;
  };
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  let total = 0;
  for (const [g, n] of ga) {
    shared += Math.min(n, gb.get(g) ?? 0);
    total += n;
  }
  for (const n of gb.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
};

/**
 * "amzn" in "amazon", "wholefds" in "wholefoods": the shorter's letters in order in the longer,
 * from the same first letter to the same last one, and at least half its length (so "cvs" is not
 * found in every word, nor "costco" in "costacoffee").
 */
const isAbbreviation = (short: string, long: string): boolean => {
  if (short.length < 4 || short.length * 2 < long.length || short[0] !== long[0] || short.at(-1) !== long.at(-1)) return false;
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
};

/** Share of the longer key's words found in the shorter, when the shorter is wholly in the longer ("blue bottle" in "blue bottle coffee"). */
const containment = (a: string[], b: string[]): number => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0 || !short.every((w) => long.includes(w))) return 0;
  return short.length / long.length;
};

/** Similarity of two keys already made canonical. */
export const keySimilarity = (a: string, b: string): number => similarityOfPair(`${a}\n${b}`);

const similarityOfPair = memo(100_000, (pair: string): number => {
  const [a, b] = pair.split('\n') as [string, string];
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const ca = compact(a);
  const cb = compact(b);
  if (ca === cb) return 1;
  const covered = containment(a.split(' '), b.split(' '));
  // Half the longer name or more: "uber" ~ "uber eats", not "amazon" ~ "amazon web services".
  const byWords = covered >= 0.5 ? 0.6 + 0.4 * covered : 0;
  // The receipt's full name, the bank's first word ("chipotle mexican grill" ~ "chipotle"), or the other way round.
  const [shortKey, longKey] = a.length <= b.length ? [a, b] : [b, a];
  const byPrefix = longKey.startsWith(`${shortKey} `) && !OTHER_BUSINESS.has(longKey) ? 0.7 : 0;
  const [short, long] = ca.length <= cb.length ? [ca, cb] : [cb, ca];
  const byAbbreviation = isAbbreviation(short, long) ? 0.8 : 0;
  const similarity = Math.max(byWords, byPrefix, byAbbreviation, trigramDice(ca, cb));
  // A name's first word is what tells local businesses apart ("Copper Office Supply", "Pine Office
  // Supply"): when it differs, the shared trade words alone cannot make the vendors alike.
  const fa = a.split(' ')[0]!;
  const fb = b.split(' ')[0]!;
  const [shortFirst, longFirst] = fa.length <= fb.length ? [fa, fb] : [fb, fa];
  const firstAgrees = fa === fb || isAbbreviation(shortFirst, longFirst) || trigramDice(fa, fb) >= 0.5;
  return firstAgrees ? similarity : Math.min(similarity, 0.5);
});

export interface VendorComparison {
  similarity: number;
  receiptKey: string;
  transactionKey: string;
}

export const compareVendors = (receiptVendor: string, txn: { payee: string; description: string; merchantKey: string | null }): VendorComparison => {
  const receiptKey = vendorKeyOf(receiptVendor);
  const transactionKey = vendorKeyOfTransaction(txn);
  return { similarity: keySimilarity(receiptKey, transactionKey), receiptKey, transactionKey };
};
