/**
 * The date's part of a receipt's score. A card charge posts the day of the purchase or up to
 * five days later (weekends, holds); a day earlier happens when the receipt is dated in the
 * shop's time zone. Past ten days after, or two days before, the date says nothing.
 */
export const DATE_POINTS = 0.2;
/** The latest posting looked at, in days after the receipt. */
export const LATEST_DAYS_AFTER = 10;
/** The earliest, in days before the receipt. */
export const EARLIEST_DAYS_BEFORE = 2;

const daysWord = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** `daysAfter`: the charge's date minus the receipt's, in days. */
export const datePart = (daysAfter: number): { points: number; words: string } => {
  const d = daysAfter;
  if (d === 0) return { points: DATE_POINTS, words: 'same day' };
  if (d === 1) return { points: DATE_POINTS, words: 'charged the day after the receipt' };
  if (d >= 2 && d <= 5) return { points: DATE_POINTS - 0.02 * (d - 1), words: `${daysWord(d)} apart` };
  if (d > 5 && d <= LATEST_DAYS_AFTER) return { points: (0.12 * (LATEST_DAYS_AFTER + 1 - d)) / 6, words: `${daysWord(d)} apart, later than a card usually posts` };
  if (d === -1) return { points: 0.15, words: 'charged the day before the receipt’s date' };
  if (d < 0 && -d <= EARLIEST_DAYS_BEFORE) return { points: 0.08, words: `charged ${daysWord(-d)} before the receipt’s date` };
  return { points: 0, words: d < 0 ? `charged ${daysWord(-d)} before the receipt’s date` : `${daysWord(d)} apart` };
};

/** `datePart`'s points for each day of the candidate window, worked out once: the company's run asks for them thousands of times. */
const POINTS_BY_DAY = new Map(
  Array.from({ length: EARLIEST_DAYS_BEFORE + LATEST_DAYS_AFTER + 1 }, (_, i) => i - EARLIEST_DAYS_BEFORE).map((d) => [d, datePart(d).points]),
);

export const datePoints = (daysAfter: number): number => POINTS_BY_DAY.get(daysAfter) ?? datePart(daysAfter).points;
