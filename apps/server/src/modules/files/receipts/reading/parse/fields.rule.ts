import type { FieldReading, ReadingSource } from '../reading.types.js';
import { findCurrency } from './currency.rule.js';
import { findDate } from './date.rule.js';
import { linesOf, type Candidate } from './lines.rule.js';
import { findTotal } from './total.rule.js';
import { findVendor } from './vendor.rule.js';

export interface ParsedFields {
  vendor: FieldReading | null;
  date: FieldReading | null;
  total: FieldReading | null;
  currency: FieldReading | null;
}

export interface ParseOptions {
  locale?: string;
  receivedOn: Date;
  /** How far the text itself can be trusted (1 for a text layer, OCR's own confidence for a scan). */
  textConfidence: number;
  /** Accept dates without a year (an email subject's "Sep 18"). */
  yearless?: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const reading = (candidate: Candidate | null, source: ReadingSource, textConfidence: number): FieldReading | null =>
  candidate ? { value: candidate.value, confidence: round2(Math.max(0, Math.min(1, candidate.score * textConfidence))), source } : null;

/** Vendor, date, total and currency of a receipt's text, each with its confidence. */
export const parseReceiptText = (text: string, source: ReadingSource, options: ParseOptions): ParsedFields => {
  const lines = linesOf(text);
  const total = findTotal(lines);
  return {
    vendor: reading(findVendor(lines), source, options.textConfidence),
    date: reading(findDate(lines, options.locale, options.receivedOn, options.yearless), source, options.textConfidence),
    total: reading(total, source, options.textConfidence),
    currency: reading(findCurrency(lines, total?.line ?? null, options.locale), source, options.textConfidence),
  };
};

/** Field by field, the reading held with more confidence; the first wins a tie. */
export const mergeFields = (first: ParsedFields, second: ParsedFields): ParsedFields => {
  const pick = (a: FieldReading | null, b: FieldReading | null) => (!a ? b : !b ? a : b.confidence > a.confidence ? b : a);
  return {
    vendor: pick(first.vendor, second.vendor),
    date: pick(first.date, second.date),
    total: pick(first.total, second.total),
    currency: pick(first.currency, second.currency),
  };
};
