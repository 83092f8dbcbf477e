import { CsvFormatError, normaliseHeader, readCsv } from './read-csv.format.js';

export interface RefListRow {
  row: number;
  name: string;
  externalId: string;
  type: string;
  active: boolean;
}

const NAME = ['name', 'displayname', 'account', 'accountname', 'vendor', 'customer', 'class', 'location'];
const ID = ['id', 'externalid', 'code', 'number', 'accountnumber'];
const TYPE = ['type', 'accounttype'];
const ACTIVE = ['active', 'status'];

/**
 * A reference list exported from a spreadsheet or another ledger: a name
 * column, optionally an id, a type (for accounts) and an active flag. Rows
 * without an id are known by their name, so re-importing updates them.
 */
export const parseRefListCsv = (text: string): { rows: RefListRow[]; errors: { row: number; message: string }[] } => {
  const { header, data, rowNumbers } = readCsv(text);
  const names = header.map(normaliseHeader);
  const at = (options: string[]) => names.findIndex((n) => options.includes(n));
  const nameAt = at(NAME);
  if (nameAt < 0) throw new CsvFormatError('The file needs a name column.');
  const [idAt, typeAt, activeAt] = [at(ID), at(TYPE), at(ACTIVE)];
  const rows: RefListRow[] = [];
  const errors: { row: number; message: string }[] = [];
  const seen = new Set<string>();
  data.forEach((r, i) => {
    const row = rowNumbers[i]!;
    const name = (r[nameAt] ?? '').trim();
    if (!name) return errors.push({ row, message: 'Name is required.' });
    if (name.length > 200) return errors.push({ row, message: 'Name must be at most 200 characters.' });
    const externalId = idAt >= 0 && r[idAt]?.trim() ? r[idAt]!.trim() : `name:${name.toLowerCase()}`;
    if (seen.has(externalId)) return errors.push({ row, message: `"${name}" appears twice in the file.` });
    seen.add(externalId);
    const activeCell = activeAt >= 0 ? (r[activeAt] ?? '').trim().toLowerCase() : '';
    rows.push({ row, name, externalId, type: typeAt >= 0 ? (r[typeAt] ?? '').trim() : '', active: !['false', 'no', 'inactive', '0', 'archived'].includes(activeCell) });
  });
  return { rows, errors };
};
