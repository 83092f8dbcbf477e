const COUNT = new Intl.NumberFormat('en-US');

/**
 * A list's count as shown: "1,234", or "1,000+" when the server stopped
 * counting there (`count_capped`) and there are more.
 */
export const formatCount = (count: number, capped = false): string => `${COUNT.format(count)}${capped ? '+' : ''}`;

/** Count text: '0 items', '1 item', 'N items'; a capped count reads "1,000+ items". */
export const countText = (count: number, one = 'item', many = `${one}s`, capped = false): string =>
  `${formatCount(count, capped)} ${count === 1 && !capped ? one : many}`;

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** An ISO timestamp or date as "Jul 3, 2026"; a bare date is read as that calendar day, not as UTC midnight. */
export const formatDate = (iso: string): string => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00`) : new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
};

const DATE_TIME = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An ISO timestamp as "Jul 3, 2026, 2:05 PM", in the browser's time zone. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
};

/** "First Last", or the email when the person has no name yet. */
export const personName = (person: { first_name: string; last_name: string; email: string }): string => `${person.first_name} ${person.last_name}`.trim() || person.email;

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
];

/** An ISO timestamp relative to `now`: "just now", "5 minutes ago", "yesterday"; past a month, the date. */
export const formatRelativeTime = (iso: string, now: number = Date.now()): string => {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  let amount = (at - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(iso);
};

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** An ISO timestamp as a time of day, "2:05 PM", when it falls today (in the browser's time zone); else as `formatDateTime`. */
export const formatTimeOrDateTime = (iso: string, now: Date = new Date()): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toDateString() === now.toDateString() ? TIME.format(date) : DATE_TIME.format(date);
};
