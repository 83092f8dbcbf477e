import type { LedgerAccountRecord, LedgerHistoryRecord, LedgerRecord, LedgerRefRecord, LedgerTransaction } from './ledger-records.port.js';

/**
 * What a ledger sends is stored only once it is safe to store and to show. A ledger is another
 * company's database, typed into by many people over many years: its text may hold NUL (which
 * PostgreSQL refuses in text and in jsonb, so one such row would stop every pull of the company),
 * control characters that break a page or a CSV line, or halves of characters; its dates may be
 * typed as year 20026 or 0206. Text is cleaned (printable characters, tabs and line breaks kept);
 * a transaction whose date no calendar of a business can hold is not asked about (it is left
 * alone, as a row Herd does not take), and a categorized line with such a date teaches nothing.
 */

/** NUL and the other C0 controls but tab, line feed and carriage return; DEL and the C1 controls. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
const withoutControls = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    if (isControl(text.charCodeAt(i))) return [...text].filter((char) => !isControl(char.charCodeAt(0))).join('');
  }
  return text;
};
/** Half of a UTF-16 surrogate pair with no other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const cleanLedgerText = (text: string): string => withoutControls(text).replace(LONE_SURROGATE, '');

/** The same, through every string and key of a ledger's own copy of a row (kept as jsonb). */
export const cleanLedgerValue = <T>(value: T): T => {
  if (typeof value === 'string') return cleanLedgerText(value) as T;
  if (Array.isArray(value)) return value.map(cleanLedgerValue) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [cleanLedgerText(key), cleanLedgerValue(child)])) as T;
  }
  return value;
};

/** The years a business's books can hold: from 1900 to a century from now. */
export const EARLIEST_LEDGER_YEAR = 1900;
export const LATEST_LEDGER_YEAR = 2199;

/** A real calendar day, written YYYY-MM-DD, within the years above. */
export const isSaneLedgerDate = (date: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_LEDGER_YEAR || year > LATEST_LEDGER_YEAR) return false;
  const moment = new Date(Date.UTC(year, month - 1, day));
  return moment.getUTCFullYear() === year && moment.getUTCMonth() === month - 1 && moment.getUTCDate() === day;
};

const cleanTransaction = (t: LedgerTransaction): LedgerTransaction => ({
  ...t,
  subtype: cleanLedgerText(t.subtype),
  currency: cleanLedgerText(t.currency),
  description: cleanLedgerText(t.description),
  payee: cleanLedgerText(t.payee),
  lines: t.lines.map((line) => ({ ...line, description: cleanLedgerText(line.description) })),
});

const cleanHistory = (history: LedgerHistoryRecord[]): LedgerHistoryRecord[] =>
  history
    .filter((line) => line.date === '' || isSaneLedgerDate(line.date))
    .map((line) => ({ ...line, payee: cleanLedgerText(line.payee), description: cleanLedgerText(line.description) }));

/** A row as it may be stored, or null when Herd cannot take it (a transaction dated outside any sane calendar). */
export const cleanLedgerRecord = (record: LedgerRecord): LedgerRecord | null => {
  if (record.transaction && !isSaneLedgerDate(record.transaction.date)) return null;
  return {
    ...record,
    transaction: record.transaction && cleanTransaction(record.transaction),
    raw: record.raw && cleanLedgerValue(record.raw),
    history: cleanHistory(record.history),
  };
};

export const cleanLedgerAccount = (account: LedgerAccountRecord): LedgerAccountRecord => ({
  ...account,
  name: cleanLedgerText(account.name),
  accountType: cleanLedgerText(account.accountType),
  accountSubtype: account.accountSubtype && cleanLedgerText(account.accountSubtype),
  raw: cleanLedgerValue(account.raw),
});

export const cleanLedgerRef = (ref: LedgerRefRecord): LedgerRefRecord => ({ ...ref, name: cleanLedgerText(ref.name), raw: cleanLedgerValue(ref.raw) });
