import { deflateSync, crc32 } from 'node:zlib';

/**
 * Files built to hurt a reader, made here rather than stored: they are small
 * on disk and cost their reader far more than their size.
 */

/**
 * A PDF of `pages` empty pages, written by hand (pdf-lib takes seconds to add
 * 20,000 pages): one page tree listing every page, and a cross-reference table.
 * 20,000 pages come to about 2 MB.
 */
export const manyPagePdf = (pages: number): Buffer => {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`;
  for (let i = 0; i < pages; i++) objects[i + 3] = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>';
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = body.length;
    body += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xrefAt = body.length;
  const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n${rows.join('')}`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ihdr = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits a sample
  header[9] = 0; // grey
  return pngChunk('IHDR', header);
};

/**
 * A valid, white, grey-scale PNG of `width`×`height`: 7000×7000 (49 megapixels,
 * 196 MB once decoded) compresses to about 60 KB.
 */
export const whitePng = (width: number, height: number): Buffer => {
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * (width + 1));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
};

/** A PNG of a few dozen bytes whose header declares `width`×`height`, with one row of pixels behind it. */
export const pngDeclaring = (width: number, height: number): Buffer =>
  Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', deflateSync(Buffer.alloc(1))), pngChunk('IEND', Buffer.alloc(0))]);
