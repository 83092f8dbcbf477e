import { centsOf } from '@herd/contract';
import { DateTime } from 'luxon';

/** A Xero object as its JSON holds it; each mapper reads the fields it knows. */
export type XeroObject = Record<string, unknown>;

const MS_DATE = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;

/**
 * Xero writes dates two ways: `/Date(1700000000000+0000)/` (milliseconds since 1970, UTC) and an
 * ISO text without zone (`2026-11-02T00:00:00`, the organisation's day). Null when neither.
 */
export const xeroMoment = (value: unknown): DateTime | null => {
  if (typeof value !== 'string') return null;
  const ms = MS_DATE.exec(value);
  if (ms) return DateTime.fromMillis(Number(ms[1]), { zone: 'utc' });
  const iso = DateTime.fromISO(value, { zone: 'utc' });
  return iso.isValid ? iso : null;
};

/**
 * The day a transaction is dated: its Date (Xero's `/Date(…)/` of the day at midnight UTC; the
 * `DateString` twin often seen beside it is not in Xero's contract, so it is not relied on); a
 * repeating invoice has none of its own, so the day its schedule starts (fixed, unlike the next
 * scheduled date, which moves every period); failing both, the day it last changed, so no object
 * ever reaches Herd undated.
 */
export const xeroDay = (row: XeroObject): string => {
  const schedule = (row.Schedule ?? {}) as XeroObject;
  const candidates = [row.Date, schedule.StartDate, row.UpdatedDateUTC];
  for (const candidate of candidates) {
    const day = xeroMoment(candidate)?.toISODate();
    if (day) return day;
  }
  return '';
};

/**
 * The object's version: when Xero last changed it, in milliseconds (Xero keeps no other version);
 * empty for an object that carries no such stamp (Xero's contract gives repeating invoices none).
 */
export const xeroVersion = (row: XeroObject): string => String(xeroMoment(row.UpdatedDateUTC)?.toMillis() ?? '');

/** Amounts are JSON numbers in Xero: read to two decimals, then exact cents. */
export const xeroCents = (amount: unknown): number => centsOf(Number(amount ?? 0).toFixed(2));

export const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** An object nested by reference (`Contact`, `BankAccount`): its id field, or null. */
export const idOf = (ref: unknown, field: string): string | null => {
  const value = (ref as XeroObject | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
};
