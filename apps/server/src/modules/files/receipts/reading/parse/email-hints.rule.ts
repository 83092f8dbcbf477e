import type { ReadingHints } from '../reading.types.js';
import { mergeFields, parseReceiptText, type ParsedFields } from './fields.rule.js';
import { findCurrency } from './currency.rule.js';
import { findDate } from './date.rule.js';
import { amountsOf } from './total.rule.js';

const NONE: ParsedFields = { vendor: null, date: null, total: null, currency: null };

/** "Your receipt from Adobe", "Your Uber trip with…", "Payment to Figma", "Order from Blue Bottle". */
const SENDER = /\b(?:receipt|invoice|order|payment|purchase|subscription|bill)s?\s+(?:from|to|with|at)\s+(.+?)(?:\s*(?:[—–|:(]|\s-\s|,\s|#|\bfor\b|\bon\b|\$|€|£|\d)|$)/i;

/**
 * What the email's subject says: senders of receipts write "Your receipt from
 * Adobe — $52.99 — Sep 18", structured enough to trust more than a blurred
 * photo. Dates there have no year: the latest such day not after the email
 * arrived.
 */
const fromSubject = (subject: string, locale: string | undefined, receivedOn: Date): ParsedFields => {
  const vendor = SENDER.exec(subject)?.[1]?.trim();
  const amounts = amountsOf(subject);
  const date = findDate([subject], locale, receivedOn, true);
  const currency = amounts.length > 0 ? findCurrency([subject], 0, locale) : null;
  return {
    vendor: vendor && vendor.length >= 2 ? { value: vendor, confidence: 0.85, source: 'EMAIL' } : null,
    date: date ? { value: date.value, confidence: Math.min(0.85, date.score), source: 'EMAIL' } : null,
    total: amounts.length === 1 ? { value: amounts[0]!, confidence: 0.85, source: 'EMAIL' } : null,
    currency: currency ? { value: currency.value, confidence: Math.min(0.85, currency.score), source: 'EMAIL' } : null,
  };
};

/** Fields the email around the receipt gives: its subject first, then its body read as receipt text. */
export const readEmailHints = (hints: ReadingHints, receivedOn: Date): ParsedFields => {
  const subject = hints.emailSubject?.trim() ? fromSubject(hints.emailSubject, hints.locale, receivedOn) : NONE;
  // The body is the sender's own text, but it also holds greetings and links: less sure than the subject.
  const body = hints.emailBody?.trim() ? parseReceiptText(hints.emailBody.slice(0, 20_000), 'EMAIL', { locale: hints.locale, receivedOn, textConfidence: 0.8 }) : NONE;
  return mergeFields(subject, { ...body, vendor: null });
};
