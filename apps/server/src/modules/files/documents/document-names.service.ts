import { CONTROL_CHARACTERS, cleanDocumentName } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';
import type { Db } from '../../../db/client.js';
import { namesLike, type DocumentHome } from './documents.queries.js';

/** "Report.pdf" → ["Report", ".pdf"]; a folder or a name without an extension keeps it whole. */
const splitName = (name: string, isFile: boolean): [string, string] => {
  const dot = name.lastIndexOf('.');
  return isFile && dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
};

/** The first of "name", "name (2)", "name (3)"… not taken in the folder (case folded, as the unique rule reads names). */
export const freeName = async (db: Db, home: DocumentHome, parentPk: number | null, name: string, isFile: boolean) => {
  const [whole, ext] = splitName(name, isFile);
  // "Scan (2)" taken too counts on from "Scan": the offer is "Scan (3)", never "Scan (2) (2)".
  const stem = /^(.+) \(\d+\)$/.exec(whole)?.[1] ?? whole;
  const taken = await namesLike(db, home, parentPk, stem);
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
};

/** The field error for a name already used in the folder, offering the next free one. */
export const nameTaken = (field: string, name: string, suggestion: string) =>
  ValidationError.field(field, `“${name}” is already used in this folder. Try “${suggestion}”.`);

/** An upload's file name as a document name: only the last part of a path, in the one form names are kept (hidden and control characters out), within the length limit. */
export const uploadedName = (fileName: string) => {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const clean = cleanDocumentName(base).replace(CONTROL_CHARACTERS, '').trim();
  if (!clean || clean === '.' || clean === '..') return 'file';
  if (clean.length <= 200) return clean;
  const [stem, ext] = splitName(clean, true);
  return `${stem.slice(0, 200 - ext.length)}${ext.slice(0, 20)}`.slice(0, 200);
};

/**
 * A zip entry's path from the names of the folders above a file and its own: each part cleaned as names
 * are kept, with what an unzipping program would read as a path or a drive (slashes, `:` and the other
 * characters Windows refuses) made `_`, and an empty, `.` or `..` part made `_`, so no entry lands
 * outside the folder it is unzipped into, whatever a name kept from before these rules holds.
 */
export const zipEntryPath = (parts: string[]) =>
  parts
    .map((part) => {
      const clean = cleanDocumentName(part)
        .replace(CONTROL_CHARACTERS, '')
        .replace(/[/\\:*?"<>|]/g, '_')
        .trim();
      return clean === '' || clean === '.' || clean === '..' ? '_' : clean;
    })
    .join('/');
