import { parse } from 'csv-parse/sync';

/** A file a person can fix: the message says what is wrong with it as a whole. */
export class CsvFormatError extends Error {}

/**
 * The most lines a CSV file may have: years of a busy account's statement, while a file of millions
 * of short lines (which fits the upload limit) would hold the request's thread and memory for seconds.
 */
export const MAX_CSV_LINES = 25_000;

/** Line breaks counted before anything is parsed (a quoted cell's break counts too: it errs on the safe side). */
const lineCount = (text: string) => {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && lines <= MAX_CSV_LINES; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
};

/**
 * The header and data rows of a CSV file (BOM, blank lines and surrounding
 * spaces dropped), with each data row's number as a spreadsheet shows it:
 * a blank line is a row there too, so rows after one keep their numbers.
 */
export const readCsv = (text: string): { header: string[]; data: string[][]; rowNumbers: number[] } => {
  // A NUL never appears in a text file, and PostgreSQL cannot store one: the file is something else.
  if (text.includes('\u0000')) throw new CsvFormatError('The file holds binary data (a NUL character); export it from your bank as CSV text.');
  if (lineCount(text) > MAX_CSV_LINES) {
    throw new CsvFormatError(`The file has more than ${MAX_CSV_LINES.toLocaleString('en-US')} lines: import it in parts of a few months each.`);
  }
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch (err) {
    throw new CsvFormatError(`The file is not a readable CSV: ${(err as Error).message}`);
  }
  const numbered = records.map((cells, i) => ({ cells, row: i + 1 })).filter(({ cells }) => !(cells.length === 1 && cells[0] === ''));
  const [header, ...data] = numbered;
  if (!header) throw new CsvFormatError('The file is empty.');
  return { header: header.cells, data: data.map((d) => d.cells), rowNumbers: data.map((d) => d.row) };
};

/** Header names compared without case, spaces or punctuation: "Posted Date" matches "posteddate". */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_\-./()]/g, '');
