import { describe, expect, it } from 'vitest';
import { readEmailHints } from './email-hints.rule.js';
import { parseReceiptText } from './fields.rule.js';
import { amountsOf } from './total.rule.js';

const receivedOn = new Date('2026-11-20T12:00:00Z');
const parse = (text: string, locale?: string) => {
  const f = parseReceiptText(text, 'TEXT_LAYER', { locale, receivedOn, textConfidence: 1 });
  return { vendor: f.vendor?.value, date: f.date?.value, total: f.total?.value, currency: f.currency?.value };
};

describe('amounts', () => {
  it('reads dot and comma decimals and thousands, and nothing without two decimals', () => {
    expect(amountsOf('TOTAL $1,204.50')).toEqual(['1204.50']);
    expect(amountsOf('SUMME 1.234,56 EUR')).toEqual(['1234.56']);
    expect(amountsOf('TOTAL EUR 13,30 €')).toEqual(['13.30']);
    expect(amountsOf('38.412 L @ 1.459/L 56.04')).toEqual(['56.04']);
    expect(amountsOf('TAX 6.25% 1.75')).toEqual(['1.75']);
    expect(amountsOf('Qty 2 100.00')).toEqual(['100.00']);
    expect(amountsOf('REFUND -4.00')).toEqual(['-4.00']);
  });
});

describe('total', () => {
  it('takes TOTAL over SUBTOTAL, tax, cash tendered and change', () => {
    const text = ['SUBTOTAL 27.92', 'TAX 1.75', 'TOTAL $29.67', 'CASH 40.00', 'CHANGE 10.33'].join('\n');
    expect(parse(text).total).toBe('29.67');
  });
  it('takes AMOUNT DUE over a TOTAL printed before a tip', () => {
    expect(parse('Total 46.95\nTip 8.00\nAmount Due 54.95\nVISA 54.95').total).toBe('54.95');
  });
  it('reads the amount on the line below a label that OCR split from it', () => {
    expect(parse('SUBTOTAL\n27.92\nTOTAL\n$29.67\nCASH\n40.00').total).toBe('29.67');
  });
  it('reads a decimal comma OCR took for a colon, on the total line only', () => {
    expect(parse('18.09.2026 11:30\nSUMME EUR 13:73\nGegeben BAR 20,00').total).toBe('13.73');
  });
  it('keeps a total that includes its tax', () => {
    expect(parse('Net 10.00\nVAT 20% 2.00\nTotal incl. VAT 12.00').total).toBe('12.00');
  });
  it('falls back to the largest amount, with low confidence, when nothing is labelled', () => {
    const f = parseReceiptText('Coffee 3.50\nMuffin 2.75\n6.25', 'OCR', { receivedOn, textConfidence: 0.9 });
    expect(f.total?.value).toBe('6.25');
    expect(f.total!.confidence).toBeLessThan(0.5);
  });
});

describe('date', () => {
  it('lets the locale decide 07/02/2026, and an impossible reading settles it', () => {
    expect(parse('07/02/2026', 'en-US').date).toBe('2026-07-02');
    expect(parse('07/02/2026', 'fr-FR').date).toBe('2026-02-07');
    expect(parse('03/14/2026', 'fr-FR').date).toBe('2026-03-14');
    expect(parse('14/03/26', 'en-US').date).toBe('2026-03-14');
  });
  it('reads ISO, dotted, and written months in English, French and German', () => {
    expect(parse('2026-04-09 17:05').date).toBe('2026-04-09');
    expect(parse('18.09.2026 11:30', 'de-DE').date).toBe('2026-09-18');
    expect(parse('21 Jan 2026 19:48').date).toBe('2026-01-21');
    expect(parse('Nov 3, 2026 2:17 PM').date).toBe('2026-11-03');
    expect(parse('le 3 novembre 2026').date).toBe('2026-11-03');
    expect(parse('5. Oktober 2026').date).toBe('2026-10-05');
  });
  it('skips card expiry and dates after the receipt arrived, and prefers the labelled date', () => {
    expect(parse('EXP 12/28/2027\nDate: 11/02/2026', 'en-US').date).toBe('2026-11-02');
    expect(parse('Return by 12/31/2026\n11/02/2026', 'en-US').date).toBe('2026-11-02');
    expect(parse('02/30/2026').date).toBeUndefined();
  });
});

describe('currency', () => {
  it('reads codes and symbols, C$ as Canadian dollars', () => {
    expect(parse('TOTAL CAD 71.44').currency).toBe('CAD');
    expect(parse('TOTAL C$71.44').currency).toBe('CAD');
    expect(parse('Amount Due £52.82').currency).toBe('GBP');
    expect(parse('TOTAL 13,30 €').currency).toBe('EUR');
    expect(parse('TOTAL $29.67').currency).toBe('USD');
  });
  it('takes a bare $ in the client country, and the country when nothing is printed', () => {
    expect(parse('TOTAL $29.67', 'en-CA').currency).toBe('CAD');
    expect(parse('TOTAL $29.67', 'en-AU').currency).toBe('AUD');
    expect(parse('SUMME 13,73', 'de-DE').currency).toBe('EUR');
    expect(parse('TOTAL 13.73').currency).toBeUndefined();
  });
  it('prefers the currency on the total line to another printed elsewhere', () => {
    expect(parse('Approx USD 20.00\nTOTAL EUR 18,40').currency).toBe('EUR');
  });
});

describe('vendor', () => {
  it('takes the first header line that reads like a name, in title case', () => {
    expect(parse('THE RED LION\n4 High Street, Oxford\nTOTAL £5.00').vendor).toBe('Red Lion');
    expect(parse('WELCOME TO\nGREEN VALLEY MARKET\n1200 Main Street').vendor).toBe('Green Valley Market');
    expect(parse('Blue Bottle Coffee Inc.\n12 Mint Plaza').vendor).toBe('Blue Bottle Coffee');
    expect(parse('1200 Main Street\n555-0134\n03/14/2026').vendor).toBeUndefined();
  });
  it('drops specks OCR reads as a word before a name in capitals', () => {
    expect(parse('red NORTHERN FUELS\nStation 214').vendor).toBe('Northern Fuels');
    expect(parse('| THE RED LION\n4 High Street').vendor).toBe('Red Lion');
    expect(parse('Le Petit Zinc\n').vendor).toBe('Le Petit Zinc');
    expect(parse('Café du Marché\n').vendor).toBe('Café du Marché');
  });
  it('gives a merchant known under another spelling its usual name', () => {
    expect(parse('WHOLEFDS MKT 10234\n').vendor).toBe('Whole Foods');
  });
});

describe('email hints', () => {
  it('reads vendor, amount, currency and a yearless date from a receipt subject', () => {
    const hints = readEmailHints({ emailSubject: 'Your receipt from Adobe — $52.99 — Sep 18' }, receivedOn);
    expect(hints.vendor).toEqual({ value: 'Adobe', confidence: 0.85, source: 'EMAIL' });
    expect(hints.total?.value).toBe('52.99');
    expect(hints.currency?.value).toBe('USD');
    expect(hints.date?.value).toBe('2026-09-18');
  });
  it('puts a yearless date after the email arrived in the year before', () => {
    const hints = readEmailHints({ emailSubject: 'Your receipt from Figma — Dec 30' }, receivedOn);
    expect(hints.date?.value).toBe('2025-12-30');
  });
  it('reads the total from the body when the subject has none', () => {
    const hints = readEmailHints({ emailSubject: 'Thanks for your order', emailBody: 'Hi Sam,\nOrder #1234\nSubtotal $40.00\nTotal $43.20\n' }, receivedOn);
    expect(hints.vendor).toBeNull();
    expect(hints.total).toMatchObject({ value: '43.20', source: 'EMAIL' });
  });
});
