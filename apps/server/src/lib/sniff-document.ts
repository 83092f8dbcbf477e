import { fileTypeFromBuffer } from 'file-type';
import { sniffContentType } from './sniff.js';

/**
 * What a shared document may be, beyond what receipts accept (images, PDFs, CSV and text): the
 * office files firms and clients exchange (Word, Excel, PowerPoint), told by their bytes.
 */
const OFFICE = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** The type a file's name claims, for the extensions Herd knows; anything else claims nothing. */
const CLAIMED: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  csv: 'text/csv',
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export type DocumentSniff = { ok: true; contentType: string } | { ok: false; reason: 'unsupported' | 'mismatch'; claimed?: string };

/**
 * A document's type from its bytes, and whether its name tells the truth: a file named `.pdf` whose
 * bytes are something else is refused rather than stored under a type it is not (a browser, a
 * download folder or another program would trust the name).
 */
export const sniffDocument = async (bytes: Buffer, fileName: string): Promise<DocumentSniff> => {
  const ext = fileName.includes('.') ? (fileName.split('.').pop()?.toLowerCase() ?? '') : '';
  const claimed = CLAIMED[ext];
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = detected && OFFICE.has(detected.mime) ? detected.mime : await sniffContentType(bytes, fileName);
  if (!contentType) return { ok: false, reason: claimed ? 'mismatch' : 'unsupported', claimed: ext };
  if (claimed && claimed !== contentType) return { ok: false, reason: 'mismatch', claimed: ext };
  return { ok: true, contentType };
};
