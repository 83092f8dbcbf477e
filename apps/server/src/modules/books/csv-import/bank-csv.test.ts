import { describe, expect, it } from 'vitest';
import { parseBankAmount } from './bank-amounts.rule.js';
import { parseBankCsv } from './bank-csv.format.js';
import { CsvFormatError, MAX_CSV_LINES, readCsv } from './read-csv.format.js';
import { parseRefListCsv } from './ref-lists-csv.format.js';
import { detectDayFirst, parseBankDate } from './bank-dates.rule.js';
import { externalIds } from './csv-import.service.js';

describe('parseBankDate', () => {
  it('reads ISO, slash, dotted and month-name dates', () => {
    expect(parseBankDate('2026-03-05', false)).toBe('2026-03-05');
    expect(parseBankDate('2026/3/5', false)).toBe('2026-03-05');
    expect(parseBankDate('2026-03-05T00:00:00Z', false)).toBe('2026-03-05');
    expect(parseBankDate('03/05/2026', false)).toBe('2026-03-05');
    expect(parseBankDate('3/5/26', false)).toBe('2026-03-05');
    expect(parseBankDate('03/05/2026', true)).toBe('2026-05-03');
    expect(parseBankDate('05.03.2026', false)).toBe('2026-03-05');
    expect(parseBankDate('5 Mar 2026', false)).toBe('2026-03-05');
    expect(parseBankDate('March 5, 2026', false)).toBe('2026-03-05');
  });
  it('refuses impossible and unknown dates', () => {
    expect(parseBankDate('2026-02-30', false)).toBeNull();
    expect(parseBankDate('13/13/2026', true)).toBeNull();
    expect(parseBankDate('yesterday', false)).toBeNull();
  });
  it('reads slash dates in the order that reads more of the file, month-first on a tie', () => {
    expect(detectDayFirst(['01/02/2026', '25/02/2026'])).toBe(true);
    expect(detectDayFirst(['01/02/2026', '02/25/2026'])).toBe(false);
    expect(detectDayFirst(['01/02/2026', '03/04/2026'])).toBe(false);
    // One odd date does not turn a month-first file around, however early it comes.
    expect(detectDayFirst(['13/25/2026', '01/14/2026', '01/20/2026', '02/03/2026'])).toBe(false);
    expect(detectDayFirst(['13/01/2026', '01/14/2026', '01/20/2026'])).toBe(false);
    expect(detectDayFirst(['13/01/2026', '14/01/2026', '01/20/2026'])).toBe(true);
  });
});

describe('parseBankAmount', () => {
  it('reads the ways banks print money, in cents', () => {
    expect(parseBankAmount('1,234.56')).toBe(123456);
    expect(parseBankAmount('$12.5')).toBe(1250);
    expect(parseBankAmount('(12.50)')).toBe(-1250);
    expect(parseBankAmount('12.50-')).toBe(-1250);
    expect(parseBankAmount('-0.99')).toBe(-99);
    expect(parseBankAmount('+7')).toBe(700);
  });
  it('refuses what is not money', () => {
    for (const bad of ['', 'abc', '1.234', '12,34', '1,23.00', '--5']) expect(parseBankAmount(bad)).toBeNull();
  });
});

describe('parseBankCsv', () => {
  it('finds columns in any case and order, signed amounts', () => {
    const { rows, errors } = parseBankCsv('Description,AMOUNT,Posted Date,Payee\nCoffee,-4.50,2026-01-02,Blue Bottle\nRefund,10,2026-01-03,\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({ row: 2, date: '2026-01-02', cents: -450, description: 'Coffee', payee: 'Blue Bottle' }),
      expect.objectContaining({ row: 3, date: '2026-01-03', cents: 1000, description: 'Refund' }),
    ]);
  });
  it('reads debit and credit columns', () => {
    const { rows, errors } = parseBankCsv('date,description,debit,credit\n01/02/2026,Rent,1200.00,\n01/03/2026,Sale,,99.99\n01/04/2026,Both,1,2\n');
    expect(rows.map((r) => r.cents)).toEqual([-120000, 9999]);
    expect(errors).toEqual([{ row: 4, message: 'A row cannot have both a debit and a credit.' }]);
  });
  it('imports a month-first file with one impossible date, refusing only that row', () => {
    const { rows, errors } = parseBankCsv(
      'date,description,amount\n01/14/2026,Coffee,-4.50\n13/25/2026,Typo,-1\n01/20/2026,Rent,-1200\n02/03/2026,Sale,99\n02/04/2026,Fee,-2\n',
    );
    expect(rows.map((r) => [r.row, r.date])).toEqual([
      [2, '2026-01-14'],
      [4, '2026-01-20'],
      [5, '2026-02-03'],
      [6, '2026-02-04'],
    ]);
    expect(errors).toEqual([{ row: 3, message: 'Date is not valid: "13/25/2026".' }]);
  });

  it('says which rows do not fit the order the file’s other dates use', () => {
    const { rows, errors } = parseBankCsv('date,description,amount\n01/14/2026,Coffee,-4.50\n25/01/2026,Other order,-1\n01/20/2026,Rent,-1200\n');
    expect(rows).toHaveLength(2);
    expect(errors).toEqual([{ row: 3, message: 'Date "25/01/2026" does not fit the file\'s other dates (month/day/year).' }]);
  });

  it('reports each bad row with its spreadsheet row number', () => {
    const { rows, errors } = parseBankCsv(
      'date,description,amount\n2026-01-01,Ok,1\nnot a date,Bad date,1\n2026-01-02,Bad amount,12x\n2026-01-03,Zero,0\n2026-01-04,,5\n',
    );
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { row: 3, message: 'Date is not valid: "not a date".' },
      { row: 4, message: 'Amount is not valid: "12x".' },
      { row: 5, message: 'Amount must not be zero.' },
      { row: 6, message: 'Description is required.' },
    ]);
  });
  it('refuses a file without the needed columns, or an empty one', () => {
    expect(() => parseBankCsv('when,what\n1,2\n')).toThrow(CsvFormatError);
    expect(() => parseBankCsv('')).toThrow('The file is empty.');
  });
});

describe('externalIds', () => {
  it('uses the bank reference, else content plus occurrence, stable across imports', () => {
    const { rows } = parseBankCsv('date,description,amount,reference\n2026-01-01,Coffee,-4.5,\n2026-01-01,Coffee,-4.5,\n2026-01-01,Coffee,-4.5,ABC\n');
    const ids = externalIds(rows);
    expect(ids[2]).toBe('ref:ABC');
    expect(ids[0]).not.toBe(ids[1]);
    expect(externalIds(rows)).toEqual(ids);
  });
});

describe('row numbers', () => {
  it('are the spreadsheet’s: a blank line is a row, a quoted line break is not', () => {
    const { rows, errors } = parseBankCsv('Date,Description,Amount\n2026-01-02,"Two\nlines",-1\n\n2026-01-03,Late,abc\n');
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(errors).toEqual([{ row: 4, message: 'Amount is not valid: "abc".' }]);
  });
  it('are the same in reference lists', () => {
    expect(parseRefListCsv('Name\nCostco\n\nCostco\n').errors).toEqual([{ row: 4, message: '"Costco" appears twice in the file.' }]);
  });
});

describe('readCsv', () => {
  it('refuses a file of more lines than an import takes before parsing it, and takes one at the limit', () => {
    const rows = (n: number) => `Date,Amount\n${'2026-03-05,1.00\n'.repeat(n)}`;
    expect(() => readCsv(rows(MAX_CSV_LINES + 5))).toThrow(CsvFormatError);
    expect(() => readCsv(rows(MAX_CSV_LINES + 5))).toThrow('The file has more than 25,000 lines: import it in parts of a few months each.');
    expect(readCsv(rows(MAX_CSV_LINES - 2)).data).toHaveLength(MAX_CSV_LINES - 2);
  });
});
