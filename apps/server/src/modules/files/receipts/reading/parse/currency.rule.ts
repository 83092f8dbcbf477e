import type { Candidate } from './lines.rule.js';

/** ISO codes a receipt may print; the ones Herd's clients meet most, not the whole list. */
const CODES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'NZD', 'CHF', 'JPY', 'MXN', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'INR', 'SGD', 'HKD', 'ZAR'] as const;

/** Symbols and prefixes, longest first so "C$" is not read as "$". */
const SYMBOLS: [RegExp, string][] = [
  [/(?:\bCA?\$|\bCDN\$?)/i, 'CAD'],
  [/\bUS\$/i, 'USD'],
  [/\bA\$|\bAU\$/i, 'AUD'],
  [/\bNZ\$/i, 'NZD'],
  [/\bHK\$/i, 'HKD'],
  [/\bS\$/, 'SGD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/\bFr\.|\bCHF\b/, 'CHF'],
];

/** What a bare "$" means in the client's country; elsewhere it is taken as US dollars. */
const DOLLAR_BY_REGION: Record<string, string> = { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' };

/** The currency of a country, for a receipt that prints none at all. */
const BY_REGION: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  UK: 'GBP',
  IE: 'EUR',
  FR: 'EUR',
  DE: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  MX: 'MXN',
};

export const regionOf = (locale: string | undefined): string | null => {
  if (!locale) return null;
  const region = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1];
  return region ? region.toUpperCase() : null;
};

const CODE_PATTERN = new RegExp(`\\b(${CODES.join('|')})\\b`);

const currencyOnLine = (line: string, region: string | null): { code: string; strength: number } | null => {
  const code = CODE_PATTERN.exec(line.toUpperCase())?.[1];
  if (code) return { code, strength: 1 };
  for (const [symbol, iso] of SYMBOLS) if (symbol.test(line)) return { code: iso, strength: 0.9 };
  // A "$" before a figure; OCR also reads it as "S" glued to the amount ("S29.67").
  if (/\$\s?\d|\d\s?\$/.test(line) || /(?:^|\s)S\d{1,6}[.,]\d{2}\b/.test(line)) {
    return { code: (region && DOLLAR_BY_REGION[region]) ?? 'USD', strength: region && DOLLAR_BY_REGION[region] ? 0.75 : 0.7 };
  }
  return null;
};

/**
 * The currency: a code or symbol on the total's line first, then the one seen
 * most on the receipt, then the client's country. `totalLine` is the index of
 * the line the total was read from, when known.
 */
export const findCurrency = (lines: string[], totalLine: number | null, locale: string | undefined): Candidate | null => {
  const region = regionOf(locale);
  if (totalLine !== null) {
    const own = currencyOnLine(lines[totalLine] ?? '', region) ?? currencyOnLine(lines[totalLine + 1] ?? '', region);
    if (own) return { value: own.code, score: own.strength };
  }
  const seen = new Map<string, number>();
  for (const line of lines) {
    const found = currencyOnLine(line, region);
    if (found) seen.set(found.code, (seen.get(found.code) ?? 0) + found.strength);
  }
  if (seen.size > 0) {
    const [code, weight] = [...seen].reduce((a, b) => (b[1] > a[1] ? b : a));
    return { value: code, score: Math.min(0.85, 0.6 + weight * 0.1) };
  }
  const fallback = region ? BY_REGION[region] : undefined;
  return fallback ? { value: fallback, score: 0.4 } : null;
};
