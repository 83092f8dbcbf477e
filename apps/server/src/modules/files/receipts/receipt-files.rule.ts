import { fileTypeFromBuffer } from 'file-type';
import { RECEIPT_CONTENT_TYPES } from '@herd/contract';

/** A file's extensions by the type its bytes show; HEIC and HEIF are one family (iPhones write either brand). */
const EXTENSIONS: Record<(typeof RECEIPT_CONTENT_TYPES)[number], readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heic', 'heif'],
  'application/pdf': ['pdf'],
};

const formatMb = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)} MB`;

export type ReceiptFileCheck = { ok: true; contentType: string } | { ok: false; reason: string };

/**
 * Whether a file can be a receipt, by its bytes: a JPEG, PNG, HEIC/HEIF (by
 * its `ftyp` brand) or PDF, not empty, within the size limit, and not lying
 * about itself: a name whose extension says another type (an `.exe` renamed
 * `.jpg`, a PNG called `.pdf`) is refused. A name without an extension (a
 * phone's camera sometimes sends one) is judged by its bytes alone.
 */
export const checkReceiptFile = async (file: { fileName: string; bytes: Buffer }, maxBytes: number): Promise<ReceiptFileCheck> => {
  const name = file.fileName;
  if (file.bytes.length === 0) return { ok: false, reason: `${name} is empty.` };
  if (file.bytes.length > maxBytes) return { ok: false, reason: `${name} is larger than the ${formatMb(maxBytes)} limit.` };
  const detected = await fileTypeFromBuffer(file.bytes);
  const contentType = detected?.mime as (typeof RECEIPT_CONTENT_TYPES)[number] | undefined;
  if (!contentType || !RECEIPT_CONTENT_TYPES.includes(contentType)) {
    return { ok: false, reason: `${name} is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.` };
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extension && !EXTENSIONS[contentType].includes(extension))
    return { ok: false, reason: `${name} is not what its name says: its contents are not a .${extension} file.` };
  return { ok: true, contentType };
};
