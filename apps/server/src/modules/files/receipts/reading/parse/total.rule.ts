import type { Candidate } from './lines.rule.js';

/**
 * Amounts on a line: "29.67", "$1,204.50", "13,30 €", "1.234,56", "-4.00".
 * Receipts always print cents, so a number counts only with exactly two
 * decimals; that keeps out quantities ("38.412 L"), unit prices ("1.459/L")
 * and rates ("6.25%").
 */
const MONEY = /(?<![\d.,])(-)?(\d{1,3}(?:[.,']\d{3})+|\d+)[.,](\d{2})(?![\d%]|[.,]\d)/g;

export const amountsOf = (line: string): string[] => {
  const found: string[] = [];
  for (const m of line.matchAll(MONEY)) {
    const whole = m[2]!.replace(/[.,']/g, '').replace(/^0+(?=\d)/, '');
    // A number glued to letters on its left is a reference ("INV20.26"), not money, unless the letters are a currency ("EUR13,30", OCR's "S29.67").
    const before = line.slice(0, m.index);
    if (/[A-Za-z]$/.test(before) && !/(?:^|[^A-Za-z])(?:EUR|USD|GBP|CAD|AUD|CHF|C|US|CA|A|S)$/i.test(before)) continue;
    found.push(`${m[1] ?? ''}${whole}.${m[3]}`);
  }
  return found;
};

/** Words that name the amount to pay, strongest first. */
const TOTAL_LABELS: [RegExp, number][] = [
  [
    /\b(?:GRAND TOTAL|TOTAL DUE|AMOUNT DUE|BALANCE DUE|TOTAL TO PAY|TOTAL PAID|AMOUNT PAID|NET A PAYER|A PAYER|TOTAL A PAYER|TOTAL TTC|TOTAL AMOUNT|ZU ZAHLEN|GESAMTBETRAG)\b/,
    1,
  ],
  [/\b(?:TOTAL|TOTALE|TOTAAL|SUMME|SUMA|MONTANT|BETRAG|IMPORTE)\b/, 0.85],
  [/\b(?:BALANCE|AMOUNT|PAID|CHARGED)\b/, 0.6],
];

/**
 * Lines whose amount is never the total, even when they hold one of the words
 * above: the subtotal, taxes, what was handed over and given back, tips,
 * savings.
 */
const NOT_TOTAL =
  /\b(?:SUB\s?-?\s?TOTAL|SOUS[- ]?TOTAL|ZWISCHENSUMME|SUBTOTALE|NET TOTAL|TOTAL (?:TAX|VAT|GST|HST|SAVINGS|DISCOUNT|ITEMS?|QTY)|TAX|TAXES|VAT|TVA|GST|HST|PST|QST|MWST|IVA|CASH|TENDERED?|CHANGE|RENDU|RUECKGELD|RÜCKGELD|GEGEBEN|TIP|GRATUITY|SAVINGS|SAVED|DISCOUNT|POINTS|REWARDS?|PREVIOUS BALANCE|CREDIT LIMIT)\b/;

/** "TOTAL INCL. VAT" is the total: the tax word there says what it contains. */
const INCLUDES_TAX = /\bINCL(?:UDING|UDES)?\b|\bTTC\b|\bINKL\b/;

const labelScore = (upper: string): number => {
  if (NOT_TOTAL.test(upper) && !INCLUDES_TAX.test(upper)) return 0;
  for (const [label, score] of TOTAL_LABELS) if (label.test(upper)) return score;
  return 0;
};

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The amount paid. A labelled line wins (AMOUNT DUE over TOTAL over BALANCE),
 * its amount on the same line or alone on the next one (OCR sometimes splits a
 * row). Among lines of the same strength the largest amount wins: a receipt
 * that prints TOTAL twice prints the same figure, and a smaller one is more
 * likely a part. With no label at all, the largest amount not on an excluded
 * line, with low confidence.
 */
export const findTotal = (lines: string[]): (Candidate & { line: number }) | null => {
  let best: { amount: string; score: number; line: number } | null = null;
  const consider = (amount: string, score: number, line: number) => {
    if (cents(amount) <= 0) return;
    if (!best || score > best.score || (score === best.score && cents(amount) > cents(best.amount))) best = { amount, score, line };
  };
  lines.forEach((line, i) => {
    const upper = line.toUpperCase();
    const score = labelScore(upper);
    if (score === 0) return;
    const own = amountsOf(line);
    if (own.length > 0) return consider(own.at(-1)!, score, i);
    // OCR reads a decimal comma on a blurred photo as a colon ("SUMME EUR 13:73"); on a total's line it is not a time.
    const colon = amountsOf(line.replace(/(\d):(\d{2})(?!\d)/g, '$1.$2'));
    if (colon.length > 0) return consider(colon.at(-1)!, score * 0.9, i);
    const next = lines[i + 1];
    if (next && labelScore(next.toUpperCase()) === 0 && /^[^A-Za-z]*$/.test(next.replace(/\b(?:EUR|USD|GBP|CAD|C|US)\b/g, ''))) {
      const below = amountsOf(next);
      if (below.length === 1) consider(below[0]!, score * 0.9, i);
    }
  });
  if (best) {
    const { amount, score, line } = best;
    return { value: amount, score, line };
  }
  let largest: { value: string; line: number } | null = null;
  lines.forEach((l, i) => {
    if (NOT_TOTAL.test(l.toUpperCase())) return;
    for (const amount of amountsOf(l)) if (!largest || cents(amount) > cents(largest.value)) largest = { value: amount, line: i };
  });
  if (!largest) return null;
  const { value, line } = largest;
  return cents(value) > 0 ? { value, score: 0.35, line } : null;
};
