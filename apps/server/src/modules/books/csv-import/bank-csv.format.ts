import { MAX_AMOUNT_CENTS, parseBankAmount } from './bank-amounts.rule.js';
import { badDateMessage, detectDayFirst, parseBankDate } from './bank-dates.rule.js';
import { CsvFormatError, normaliseHeader, readCsv } from './read-csv.format.js';

export interface BankRow {
  row: number;
  date: string;
  /** Signed cents: negative is money out. */
  cents: number;
  description: string;
  payee: string;
  account: string;
  reference: string;
  currency: string;
}

export interface ParsedBankCsv {
  rows: BankRow[];
  errors: { row: number; message: string }[];
}

/** Header names recognised case-insensitively (and ignoring spaces, dashes and underscores). */
const COLUMNS = {
  date: ['date', 'transactiondate', 'posteddate', 'postingdate', 'bookingdate', 'valuedate'],
  description: ['description', 'memo', 'details', 'narrative', 'transactiondescription'],
  amount: ['amount', 'value', 'transactionamount'],
  debit: ['debit', 'debitamount', 'withdrawal', 'withdrawals', 'moneyout', 'paidout'],
  credit: ['credit', 'creditamount', 'deposit', 'deposits', 'moneyin', 'paidin'],
  payee: ['payee', 'merchant', 'name', 'counterparty', 'vendor'],
  account: ['account', 'accountname', 'bankaccount'],
  reference: ['id', 'transactionid', 'reference', 'ref', 'fitid'],
  currency: ['currency'],
} as const;
type Column = keyof typeof COLUMNS;

export const MAX_CSV_ROWS = 50_000;

const locateColumns = (header: string[]) => {
  const index: Partial<Record<Column, number>> = {};
  const names = header.map(normaliseHeader);
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const at = names.findIndex((n) => (COLUMNS[column] as readonly string[]).includes(n));
    if (at >= 0) index[column] = at;
  }
  if (index.date === undefined || index.description === undefined || (index.amount === undefined && (index.debit === undefined || index.credit === undefined))) {
    throw new CsvFormatError('The file needs columns for the date, the description and the amount (or debit and credit).');
  }
  return index;
};

/**
 * Reads a bank CSV. Row numbers are the file's line numbers as a spreadsheet
 * shows them (the header is row 1), so a person can find each bad row.
 */
export const parseBankCsv = (text: string): ParsedBankCsv => {
  const { header, data, rowNumbers } = readCsv(text);
  if (data.length > MAX_CSV_ROWS) throw new CsvFormatError(`The file has more than ${MAX_CSV_ROWS} rows; split it into smaller files.`);
  const col = locateColumns(header);
  const cell = (record: string[], column: Column) => (col[column] === undefined ? '' : (record[col[column]!] ?? '').trim());
  const dayFirst = detectDayFirst(data.map((r) => cell(r, 'date')));

  const rows: BankRow[] = [];
  const errors: ParsedBankCsv['errors'] = [];
  data.forEach((record, i) => {
    const row = rowNumbers[i]!;
    const date = parseBankDate(cell(record, 'date'), dayFirst);
    if (!date) return errors.push({ row, message: badDateMessage(cell(record, 'date'), dayFirst) });
    let cents: number | null;
    if (col.amount !== undefined) {
      cents = parseBankAmount(cell(record, 'amount'));
      if (cents === null) return errors.push({ row, message: `Amount is not valid: "${cell(record, 'amount')}".` });
    } else {
      const debit = cell(record, 'debit') ? parseBankAmount(cell(record, 'debit')) : 0;
      const credit = cell(record, 'credit') ? parseBankAmount(cell(record, 'credit')) : 0;
      if (debit === null || credit === null) return errors.push({ row, message: 'Debit or credit is not a valid amount.' });
      if (debit !== 0 && credit !== 0) return errors.push({ row, message: 'A row cannot have both a debit and a credit.' });
      cents = credit !== 0 ? Math.abs(credit) : -Math.abs(debit);
    }
    if (cents === 0) return errors.push({ row, message: 'Amount must not be zero.' });
    if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
      return errors.push({ row, message: col.amount !== undefined ? `Amount is too large: "${cell(record, 'amount')}".` : 'Debit or credit is too large.' });
    }
    const description = cell(record, 'description');
    const payee = cell(record, 'payee');
    if (!description && !payee) return errors.push({ row, message: 'Description is required.' });
    rows.push({
      row,
      date,
      cents,
      description,
      payee,
      account: cell(record, 'account'),
      reference: cell(record, 'reference'),
      currency: (cell(record, 'currency') || 'USD').toUpperCase().slice(0, 3),
    });
  });
  return { rows, errors };
};
