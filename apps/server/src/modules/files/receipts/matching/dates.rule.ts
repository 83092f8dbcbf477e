const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date ("2026-11-26"), without time zones: receipts and charges are dates, not instants. */
export const dayNumber = (date: string): number => {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
};

/** The calendar date `days` after `date` (before, when negative). */
export const addDays = (date: string, days: number): string => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
