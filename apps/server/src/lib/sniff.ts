import { fileTypeFromBuffer } from 'file-type';

/** What Herd accepts, by the bytes' own signature (the name and the browser's claim are not trusted). */
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/tiff', 'application/pdf']);
export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const TEXT_TYPES: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

/** UTF-8 text with no NUL bytes: what a CSV or plain-text file is, having no signature of its own. */
const looksLikeText = (bytes: Buffer) => !bytes.includes(0) && new TextDecoder('utf-8', { fatal: false }).decode(bytes).indexOf('\uFFFD') === -1;

export const sniffContentType = async (bytes: Buffer, fileName: string): Promise<string | null> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return ACCEPTED.has(detected.mime) ? detected.mime : null;
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (TEXT_TYPES[ext] && looksLikeText(bytes.subarray(0, 64 * 1024))) return TEXT_TYPES[ext];
  return null;
};
