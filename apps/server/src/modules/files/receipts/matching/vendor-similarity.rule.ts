import { merchantOfTransaction, normalizeMerchant } from '../../../books/suggestions/suggestions.face.js';
import { canonicalVendorKey } from './vendor-aliases.rule.js';

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

/** A text's trigrams with their counts, each padded so first and last letters count. */
const trigramsOf = (s: string) => {
  const padded = `  ${s} `;
  const grams = new Map<string, number>();
  for (let i = 0; i + 3 <= padded.length; i++) {
    const g = padded.slice(i, i + 3);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let total = 0;
  for (const n of grams.values()) total += n;
  return { grams, total };
};

type Trigrams = ReturnType<typeof trigramsOf>;

/** Dice coefficient of two texts' trigrams. */
const dice = (a: Trigrams, b: Trigrams): number => {
  let shared = 0;
  for (const [g, n] of a.grams) shared += Math.min(n, b.grams.get(g) ?? 0);
  const total = a.total + b.total;
  return total === 0 ? 0 : (2 * shared) / total;
};

/**
 * What the comparison reads of a key, worked out once per key: a company's run compares each
 * receipt vendor with some three hundred charge vendors, and splitting and counting the same
 * texts for every pair was most of its time.
 */
const featuresOf = memo(10_000, (key: string) => {
  const words = key.split(' ');
  const compacted = compact(key);
  return { key, words, compact: compacted, first: words[0]!, grams: trigramsOf(compacted), firstGrams: trigramsOf(words[0]!) };
});

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

const similarityOfKeys = (a: string, b: string): number => {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const fa = featuresOf(a);
  const fb = featuresOf(b);
  if (fa.compact === fb.compact) return 1;
  const covered = containment(fa.words, fb.words);
  // Half the longer name or more: "uber" ~ "uber eats", not "amazon" ~ "amazon web services".
  const byWords = covered >= 0.5 ? 0.6 + 0.4 * covered : 0;
  // The receipt's full name, the bank's first word ("chipotle mexican grill" ~ "chipotle"), or the other way round.
  const [shortKey, longKey] = a.length <= b.length ? [a, b] : [b, a];
  const byPrefix = longKey.startsWith(`${shortKey} `) && !OTHER_BUSINESS.has(longKey) ? 0.7 : 0;
  const [short, long] = fa.compact.length <= fb.compact.length ? [fa.compact, fb.compact] : [fb.compact, fa.compact];
  const byAbbreviation = isAbbreviation(short, long) ? 0.8 : 0;
  const similarity = Math.max(byWords, byPrefix, byAbbreviation, dice(fa.grams, fb.grams));
  // A name's first word is what tells local businesses apart ("Copper Office Supply", "Pine Office
  // Supply"): when it differs, the shared trade words alone cannot make the vendors alike.
  const [shortFirst, longFirst] = fa.first.length <= fb.first.length ? [fa.first, fb.first] : [fb.first, fa.first];
  const firstAgrees = fa.first === fb.first || isAbbreviation(shortFirst, longFirst) || dice(fa.firstGrams, fb.firstGrams) >= 0.5;
  return firstAgrees ? similarity : Math.min(similarity, 0.5);
};

/**
 * Answers kept for the pairs met last, by the first key then the second (no pair text to build and
 * split each time): a company's run meets a thousand receipt vendors and three hundred charge
 * vendors, most pairs many times.
 */
const knownPairs = new Map<string, Map<string, number>>();
let knownPairCount = 0;
const KNOWN_PAIRS_LIMIT = 250_000;

/** Similarity of two keys already made canonical. */
export const keySimilarity = (a: string, b: string): number => {
  let byB = knownPairs.get(a);
  const known = byB?.get(b);
  if (known !== undefined) return known;
  const value = similarityOfKeys(a, b);
  if (knownPairCount >= KNOWN_PAIRS_LIMIT) {
    knownPairs.clear();
    knownPairCount = 0;
    byB = undefined;
  }
  if (!byB) {
    byB = new Map();
    knownPairs.set(a, byB);
  }
  byB.set(b, value);
  knownPairCount++;
  return value;
};

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
