/** The types of the files people attach in Xero, by the file name's extension. */
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'application/xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const OCTET_STREAM = 'application/octet-stream';

/**
 * The `MimeType` an attachment is kept with. The contract has a file sent as
 * `application/octet-stream`, which says nothing of what it is, so the file name's extension does;
 * a client that names a more precise type is taken at its word.
 */
export function attachmentMimeType(fileName: string, contentType: string | undefined): string {
  const sent = contentType?.split(';')[0]?.trim().toLowerCase();
  if (sent && sent !== OCTET_STREAM) return sent;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) ?? OCTET_STREAM;
}
