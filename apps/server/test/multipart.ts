import { randomBytes } from 'node:crypto';
import type { TestClient } from './client.js';

/** A multipart/form-data body as a browser would send it, for inject(). */
export const multipart = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) => {
  const boundary = `----herd${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The smallest valid PNG: a 1×1 transparent pixel. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** An accountant's bank CSV upload to a company, as the import button sends it. */
export const postBankCsv = (client: TestClient, companyPk: number, text: string) => {
  const { body, headers } = multipart({}, { name: 'bank.csv', bytes: Buffer.from(text), type: 'text/csv' });
  return client.request('POST', `accounting/accountant/client-company/${companyPk}/transactions/import-csv/`, { body, headers });
};

/** A multipart body with several files under the one field name `file`, as a browser sends a multiple selection. */
export const multipartFiles = (fields: Record<string, string>, files: { name: string; bytes: Buffer; type?: string }[]) => {
  const boundary = `----herd${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The start of an iPhone photo: an ISO-BMFF `ftyp` box of major brand `heic` (what identifies HEIC by its bytes). */
export const HEIC_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  Buffer.alloc(64),
]);
