import { normaliseError } from '../../lib/api-errors';

/**
 * What a transaction's "Attach a receipt" takes: a photo or a PDF, as the Receipts section does.
 * Files are stored by the general upload, which also keeps CSV files for requests, so its refusal
 * names CSV; a receipt's refusal must not suggest one. HEIC photos often come with no type at all,
 * so the name's extension counts too; the server still reads the bytes and has the last word.
 */
const PHOTO_OR_PDF_EXTENSIONS = /\.(jpe?g|png|gif|webp|heic|heif|pdf)$/i;

export const isPhotoOrPdf = (file: File): boolean => file.type.startsWith('image/') || file.type === 'application/pdf' || PHOTO_OR_PDF_EXTENSIONS.test(file.name);

export const notAReceipt = (name: string) => `${name} is not a photo or a PDF. Attach a JPEG, PNG or HEIC photo, or a PDF.`;

/**
 * The words for an attachment the server refused: a refusal of the file itself (its type, read
 * from its bytes) in a receipt's terms; an empty file, and anything else (the transaction, the
 * network), as the server said it. Null when the server's own words should be shown.
 */
export const attachmentRefusal = (file: File, error: unknown): string | null => {
  const apiError = normaliseError(error);
  return apiError.status === 400 && apiError.fields.file && file.size > 0 ? notAReceipt(file.name) : null;
};
