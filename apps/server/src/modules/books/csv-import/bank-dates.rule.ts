/**
 * Bank exports write dates many ways. Slash dates are read in the order that
 * reads more of the file's rows, month-first (US) on a tie; dotted dates are
 * day-first, as European banks write them.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * Whether a file's slash dates are day-first: the order that reads more of
 * them wins, so one impossible date (13/25/2026 among month-first rows) is
 * refused on its own row instead of turning the whole file around.
 */
export const detectDayFirst = (values: string[]): boolean => {
  let monthFirst = 0;
  let dayFirst = 0;
  for (const value of values) {
    const m = value.trim().match(SLASH);
    if (!m) continue;
    const year = fullYear(m[3]!);
    if (iso(year, Number(m[1]), Number(m[2]))) monthFirst += 1;
    if (iso(year, Number(m[2]), Number(m[1]))) dayFirst += 1;
  }
  return dayFirst > monthFirst;
};

/** Why a row's date was refused: a slash date the other order would read does not fit the file's; anything else is not a date. */
export const badDateMessage = (value: string, dayFirst: boolean): string =>
  SLASH.test(value.trim()) && parseBankDate(value, !dayFirst)
    ? `Date "${value.trim()}" does not fit the file's other dates (${dayFirst ? 'day/month/year' : 'month/day/year'}).`
    : `Date is not valid: "${value.trim()}".`;

export const parseBankDate = (value: string, dayFirst: boolean): string | null => {
  const v = value.trim();
  let m = v.match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = v.match(SLASH);
  if (m) return dayFirst ? iso(fullYear(m[3]!), Number(m[2]), Number(m[1])) : iso(fullYear(m[3]!), Number(m[1]), Number(m[2]));
  m = v.match(/^(\d{1,2})[.-](\d{1,2})[.-](\d{2}|\d{4})$/);
  if (m) return iso(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = v.match(/^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -,]+(\d{4})$/);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    return month ? iso(Number(m[3]), month, Number(m[1])) : null;
  }
  m = v.match(/^([A-Za-z]{3})[a-z]* (\d{1,2}),? (\d{4})$/);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    return month ? iso(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
};
