/**
 * Writing CSV as spreadsheets and ledgers read it (RFC 4180): a field holding
 * a comma, a quote or a line break is quoted, quotes doubled; lines end in CRLF.
 */

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage
 * return) as a formula: text that came from a bank file or a person gets a
 * leading apostrophe, which spreadsheets show as text. Numbers Herd writes
 * itself (amounts, dates) are not text and pass as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const textCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

const quoted = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

export const csvDocument = (rows: readonly (readonly string[])[]): string => rows.map((cells) => `${cells.map(quoted).join(',')}\r\n`).join('');
