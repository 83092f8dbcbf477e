import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { usableFiles, type CommunicationHome } from './communications.queries.js';

/** The extensions a name may have for each type Herd stores (the type was read from the bytes at upload). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/tiff': ['tif', 'tiff'],
  'application/pdf': ['pdf'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
};

/** Whether the file's name says another type than its bytes (a PNG called `statement.pdf`); a name without an extension says nothing. */
export const nameLies = (file: { name: string; contentType: string }) => {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return extension !== '' && !(EXTENSIONS[file.contentType] ?? []).includes(extension);
};

/**
 * Checks the files a communication is given (shared by its sender, or an
 * answer): each must be one the firm stored through `storage/file/create/`
 * (its type read from its bytes there), of the firm or this company; a
 * client's only files of the company they uploaded themselves, so nobody
 * reaches a file through a communication that they could not see; and none
 * may have a name that lies about its type. Refusals are field errors on `field`.
 */
export const checkCommunicationFiles = async (db: Db, home: CommunicationHome, pks: number[], field: string, uploadedBy: number | null) => {
  const unique = [...new Set(pks)];
  const found = await usableFiles(db, home, unique, { companyOnly: uploadedBy !== null, uploadedBy });
  if (found.length !== unique.length) throw ValidationError.field(field, 'File is not valid.');
  const liar = found.find(nameLies);
  if (liar) throw ValidationError.field(field, `${liar.name} is not what its name says: its contents are not a .${liar.name.split('.').pop()} file.`);
  return unique;
};
