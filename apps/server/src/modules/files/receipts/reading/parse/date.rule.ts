import type { Candidate } from './lines.rule.js';
import { regionOf } from './currency.rule.js';

/** Month names and abbreviations in the languages of Herd's clients' receipts. */
const MONTHS: Record<string, number> = {};
const addMonths = (names: string[]) => names.forEach((n, i) => n.split('|').forEach((name) => (MONTHS[name] = i + 1)));
addMonths([
  'jan|january',
  'feb|february',
  'mar|march',
  'apr|april',
  'may',
  'jun|june',
  'jul|july',
  'aug|august',
  'sep|sept|september',
  'oct|october',
  'nov|november',
  'dec|december',
]);
addMonths([
  'janv|janvier',
  'fev|fevr|fevrier|février|févr',
  'mars',
  'avr|avril',
  'mai',
  'juin',
  'juil|juillet',
  'aout|août',
  'sept|septembre',
  'octobre',
  'novembre',
  'dec|decembre|décembre|déc',
]);
addMonths(['januar|jän', 'februar', 'märz|maerz|mrz', 'apr', 'mai', 'juni', 'juli', 'aug', 'sep', 'okt|oktober', 'nov', 'dez|dezember']);
addMonths(['ene|enero', 'febrero', 'marzo', 'abr|abril', 'mayo', 'junio', 'julio', 'ago|agosto', 'septiembre|setiembre', 'octubre', 'noviembre', 'dic|diciembre']);

const MONTH_WORD = '(?<![A-Za-zÀ-ÿ])([A-Za-zÀ-ÿ]{3,9})\\.?';

/** Countries whose people write the month first (01/02 is January 2nd). */
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'CA']);

const pad = (n: number) => String(n).padStart(2, '0');

const iso = (year: number, month: number, day: number): string | null => {
  if (month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
};

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

interface Found {
  value: string;
  score: number;
}

/**
 * Every date on a line, each with how sure its reading is. `monthFirst` is null
 * when the locale is unknown; `yearless`, when set, is the day the receipt
 * arrived and lets "Sep 18" count.
 */
const datesOnLine = (line: string, monthFirst: boolean | null, yearless: Date | null): Found[] => {
  const found: Found[] = [];
  const push = (value: string | null, score: number) => value && found.push({ value, score });
  for (const m of line.matchAll(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g)) push(iso(Number(m[1]), Number(m[2]), Number(m[3])), 1);
  for (const m of line.matchAll(/(?<![\d/.-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-]*\d)/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[3]), fullYear(m[4]!)];
    if (a > 12 && b <= 12) push(iso(y, b, a), 0.95);
    else if (b > 12 && a <= 12) push(iso(y, a, b), 0.95);
    else if (a === b) push(iso(y, a, b), 0.95);
    // Ambiguous: the client's locale decides; without one, month first (most clients are in North America) and less sure.
    else if (monthFirst === null) push(iso(y, a, b), 0.55);
    else push(monthFirst ? iso(y, a, b) : iso(y, b, a), 0.85);
  }
  for (const m of line.matchAll(new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er)?\\.?[ -]${MONTH_WORD}[ -,]*(\\d{4}|\\d{2})?(?!\\d)`, 'g'))) {
    const month = MONTHS[m[2]!.toLowerCase()];
    const y = m[3] ? fullYear(m[3]) : yearless && month ? yearFor(month, Number(m[1]), yearless) : null;
    if (month && y) push(iso(y, month, Number(m[1])), m[3] ? 0.95 : 0.7);
  }
  for (const m of line.matchAll(new RegExp(`${MONTH_WORD}[ .-]+(\\d{1,2})(?:st|nd|rd|th)?(?:,?[ -](\\d{4}))?(?!\\d)`, 'g'))) {
    const month = MONTHS[m[1]!.toLowerCase()];
    const y = m[3] ? fullYear(m[3]) : yearless && month ? yearFor(month, Number(m[2]), yearless) : null;
    if (month && y) push(iso(y, month, Number(m[2])), m[3] ? 0.95 : 0.7);
  }
  return found;
};

/** The year of a day written without one: the latest such day not after the day the receipt arrived. */
export const yearFor = (month: number, day: number, receivedOn: Date): number => {
  const year = receivedOn.getUTCFullYear();
  const candidate = Date.UTC(year, month - 1, day);
  return candidate > receivedOn.getTime() ? year - 1 : year;
};

/** A line that labels the purchase date, as opposed to a card's expiry or a return-by date. */
const DATE_LABEL = /\b(?:DATE|DATUM|FECHA|DATA|LE)\b/i;
const OTHER_DATE = /\b(?:EXP|EXPIRES?|VALID|RETURN|RETOUR|BEFORE|UNTIL|BIS|DUE)\b/i;

/**
 * The purchase date: a labelled one first, else the first plausible one on the
 * receipt (the header), never a date more than a day after the receipt arrived
 * or before 2000. With `yearless` set, "Sep 18" counts (email subjects), its
 * year taken from `receivedOn`.
 */
export const findDate = (lines: string[], locale: string | undefined, receivedOn: Date, yearless = false): Candidate | null => {
  const region = regionOf(locale);
  const monthFirst = region ? MONTH_FIRST.has(region) : null;
  const latest = receivedOn.getTime() + 86_400_000;
  let best: Found | null = null;
  for (const line of lines) {
    if (OTHER_DATE.test(line)) continue;
    for (const found of datesOnLine(line, monthFirst, yearless ? receivedOn : null)) {
      const value = found.value;
      let score = found.score;
      const time = Date.parse(value);
      if (time > latest || time < Date.UTC(2000, 0, 1)) continue;
      if (DATE_LABEL.test(line)) score = Math.min(1, score + 0.05);
      if (!best || score > best.score) best = { value, score };
    }
    if (best && best.score >= 0.95) break;
  }
  return best;
};
