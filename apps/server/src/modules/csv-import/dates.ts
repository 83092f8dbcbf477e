/**
 * Bank exports write dates many ways. Slash dates are month-first (US) unless
 * some row of the file proves them day-first (a first part over 12); dotted
 * dates are day-first, as European banks write them.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Whether a file's slash dates are day-first: true as soon as one cannot be month-first. */
export const detectDayFirst = (values: string[]): boolean =>
  values.some((v) => {
    const m = v.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/);
    return m !== null && Number(m[1]) > 12;
  });

export const parseBankDate = (value: string, dayFirst: boolean): string | null => {
  const v = value.trim();
  let m = v.match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/);
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
