import { normalizeMerchant } from '../../../../books/suggestions/suggestions.face.js';
import type { Candidate } from './lines.rule.js';

/** Header lines that are not the merchant's name: greetings, document titles, addresses, numbers. */
const NOT_A_NAME = [
  /^(?:WELCOME|BIENVENUE|WILLKOMMEN|THANK|MERCI|DANKE|RECEIPT|SALES RECEIPT|INVOICE|TAX INVOICE|FACTURE|RECHNUNG|QUITTUNG|TICKET|ORDER|COPY|DUPLICATE|CUSTOMER COPY|MERCHANT COPY|STORE|SHOP|TEL|PHONE|FAX|WWW|HTTP|EMAIL|VAT|GST|HST|TVA|SIRET|SIREN|ABN|TAX ID|UST|STEUER|DATE|TIME|CASHIER|REG|TABLE|SERVER|HOST)\b/i,
  // A street address or a post code line: "1200 Main Street", "12 Rue des Lilas", "Oxford OX1 4AB".
  /^\d+[A-Z]?,?\s+\S+/i,
  /\b(?:STREET|ST\.|AVENUE|AVE|ROAD|RD\.|BLVD|BOULEVARD|DRIVE|LANE|HIGHWAY|HWY|RUE|STRASSE|STRAßE|PLATZ|WEG|SUITE|UNIT)\b/i,
  /@|\.(?:com|net|org|co\.uk|fr|de|ca)\b/i,
];

/** "SHELL 10477", "WHOLEFDS MKT #10234": the store's number says which branch, not who. */
const withoutStoreNumber = (line: string) => line.replace(/\s+(?:NO\.?\s*|#\s*)?\d+$/i, '');

const letters = (s: string) => (s.match(/[A-Za-zÀ-ÿ]/g) ?? []).length;

/** How much a header line looks like a name: mostly letters, a few words, no long numbers. */
const nameScore = (printed: string): number => {
  if (NOT_A_NAME.some((p) => p.test(printed))) return 0;
  const line = withoutStoreNumber(printed);
  const count = letters(line);
  if (count < 3) return 0;
  const ratio = count / line.replace(/\s/g, '').length;
  if (ratio < 0.6 || /\d{4,}/.test(line)) return 0;
  const words = line.split(' ').length;
  return words <= 5 ? 1 : 0.6;
};

const LEGAL_SUFFIX = /[,.]?\s+(?:INC|LLC|LTD|LIMITED|CORP|CO|GMBH|AG|SARL|SAS|SA|PLC|PTY)\.?$/i;

/** Leading specks OCR reads off a photo as a short word ("red NORTHERN FUELS", "| THE RED LION"): dropped before a name in capitals. */
const withoutLeadingSpecks = (words: string[]): string[] => {
  const capitals = (w: string) => w.length >= 2 && w === w.toUpperCase() && /\p{L}/u.test(w);
  let start = 0;
  while (start < words.length - 1 && !capitals(words[start]!) && words[start]!.length <= 3 && words.slice(start + 1).every(capitals)) start++;
  return words.slice(start);
};

/** "THE RED LION" → "Red Lion"; a name printed in mixed case is kept as printed. */
const displayName = (line: string): string => {
  const words = withoutStoreNumber(line)
    .replace(/[^\p{L}\p{N}&'’ -]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w !== '-');
  const bare = withoutLeadingSpecks(words)
    .join(' ')
    .replace(/^THE\s+/i, '')
    .replace(LEGAL_SUFFIX, '')
    .trim();
  if (bare !== bare.toUpperCase()) return bare;
  return bare.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
};

/**
 * The merchant: the first line of the header that reads like a name (receipts
 * print it first, often larger). Names Herd knows in several spellings come
 * back in their usual form ("WHOLEFDS" → "Whole Foods"), the rest in title
 * case without "The" and legal suffixes ("THE RED LION" → "Red Lion").
 */
export const findVendor = (lines: string[]): Candidate | null => {
  const header = lines.slice(0, 6);
  for (const [i, line] of header.entries()) {
    const score = nameScore(line);
    if (score === 0) continue;
    const name = displayName(line);
    if (letters(name) < 3) continue;
    // A name the suggestions know under another spelling ("WHOLEFDS") takes its usual form.
    // An alias is told from a plain name by words the line does not hold ("whole" in "WHOLEFDS MKT").
    const known = normalizeMerchant(line);
    const printed = new Set(
      line
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u),
    );
    const value = known && known.key.split(' ').some((w) => !printed.has(w)) ? known.name : name;
    // The very first line is the name on almost every receipt; a later one is a guess.
    return { value, score: score * (i === 0 ? 0.85 : 0.65) };
  }
  return null;
};
